// Forms and the domain's rules: an antd Form rule from a zod field schema of src/domain,
// so a form shows exactly the message the server would answer (one rule, one place), and
// a refused save's field messages put back under the form's inputs.
import type { FormInstance, FormRule as Rule } from "antd";
import type { z } from "zod";
import { toHttpError } from "../providers/http";
import { typedNumber } from "../domain/format/parse";

export function zodRule(schema: z.ZodType, opts: { typedNumber?: boolean } = {}): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      // A number typed in a text box is read as es-CL text first, as the form sends it.
      const result = schema.safeParse(opts.typedNumber ? typedNumber(value) : value);
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? "Valor inválido");
    },
  };
}

/**
 * A save the server refused: its messages for `fields` (`{ field: [msg] }`) go under the
 * form's inputs (`inputs`, default all of `fields`), and come back as one line for the
 * banner (undefined when the refusal named none of them).
 */
export function showFieldErrors(form: FormInstance, error: unknown, fields: readonly string[], inputs: readonly string[] = fields): string | undefined {
  const errors = (toHttpError(error).errors ?? {}) as Record<string, unknown>;
  const found = fields
    .filter((name) => errors[name] !== undefined)
    .map((name) => ({ name, errors: ([] as unknown[]).concat(errors[name]).map(String) }));
  form.setFields(found.filter((f) => inputs.includes(f.name)));
  return found.length > 0 ? found.flatMap((f) => f.errors).join(" ") : undefined;
}
