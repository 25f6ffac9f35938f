// Valid example bodies of a declared resource, from its fields alone: the generic API and
// browser tests, the fuzzer and the demo data use them. A field whose input's default does
// not fit its rule (a plate's format) declares its own `example`.
import { addDays, todayInSantiago } from "../dates/dates";
import { rutCheckDigit } from "../fields/rut";
import type { AnyResource, FieldDecl } from "./define-resource";

/** The n-th example value of a field; references take the id given in `refs` (by field). */
export function exampleValue(name: string, f: FieldDecl, n: number, refs: Record<string, number> = {}): unknown {
  if (f.example) return f.example(n);
  switch (f.input.kind) {
    case "text":
      return `${f.label} ${n}`;
    case "email":
      return `registro${n}@ejemplo.cl`;
    case "phone":
      return `+56 9 5555 ${String(1000 + (n % 9000))}`;
    case "rut": {
      const body = 10_000_000 + n;
      return `${body}-${rutCheckDigit(body)}`;
    }
    case "money":
      return 1000 * (n + 1);
    case "quantity":
      return n + 0.5;
    case "integer":
      return 2000 + (n % 100);
    case "date":
      return addDays(todayInSantiago(), n);
    case "select":
      return f.input.options[n % f.input.options.length];
    case "reference":
      return refs[name] ?? null;
    case "boolean":
      return true;
    case "password":
      return `clave-${n}-segura`;
    case "timestamp":
      return undefined;
  }
}

/** The n-th example body of a resource. */
export function exampleBody(r: AnyResource, n: number, refs: Record<string, number> = {}): Record<string, unknown> {
  return Object.fromEntries(Object.entries(r.fields).filter(([, f]) => !f.readOnly).map(([name, f]) => [name, exampleValue(name, f, n, refs)]));
}
