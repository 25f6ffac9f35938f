// An antd Form rule from a zod field schema of src/domain, so a form shows exactly the
// message the server would answer (one rule, one place).
import type { FormRule as Rule } from "antd";
import type { z } from "zod";

export function zodRule(schema: z.ZodType): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value);
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? "Valor inválido");
    },
  };
}

/** Server field errors `{ field: [msg] }` → antd `setFields` entries for the fields the form has. */
export function serverFieldErrors(
  errors: Record<string, string[] | string | undefined> | undefined,
  fields: readonly string[],
): { name: string; errors: string[] }[] {
  if (!errors) return [];
  const out: { name: string; errors: string[] }[] = [];
  for (const name of fields) {
    const messages = errors[name];
    if (messages === undefined) continue;
    out.push({ name, errors: Array.isArray(messages) ? messages : [messages] });
  }
  return out;
}
