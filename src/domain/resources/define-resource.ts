// A resource declared once (issue 18): its Spanish name and labels, its fields (the zod
// body fields of src/domain with their Spanish labels and messages), what lists, searches,
// sorts and filters, the input each field uses, its menu section and who reads and writes
// it. From this one object come the server's routes (server/resources/register.ts), the
// web's pages (src/resources/declared) and the generic tests (tests/api/resources.test.ts,
// tests/e2e/resources.e2e.ts). See docs/agregar-un-recurso.md.
//
// A declaration has two parts: its meta (names, section, roles: plain data in ./menu.ts, so
// the menu never loads zod) and its fields, in its own file:
//   export const vehiculos = defineResource(RESOURCE_META.vehiculos, { patente: { label: "Patente", schema: patenteField(), input: TEXT, list: 100, … }, … });
import { z } from "zod";
import { timestampValue } from "../fields";
import type { ResourceMeta } from "./menu";
import type { Role } from "../roles/roles";

export { listTitle, menuLabel, newLabel, type ResourceMeta } from "./menu";

/** The input a field uses on the form, and how its value shows in lists and filters. */
export type FieldInput =
  | { kind: "text" }
  | { kind: "rut" }
  /** An e-mail address (the browser's e-mail keyboard). */
  | { kind: "email" }
  /** A phone number: `q` also finds it by its digits alone ("56955551234" finds "+56 9 5555 1234"). */
  | { kind: "phone" }
  | { kind: "money" }
  | { kind: "quantity" }
  | { kind: "integer" }
  | { kind: "date" }
  /** A flag; the list and the record show `yes`/`no` (Activo/Inactivo). */
  | { kind: "boolean"; yes: string; no: string }
  /** A moment the database sets (creado_en): read-only, shown with its time. */
  | { kind: "timestamp" }
  /** A secret (a password): in the body only, never in a row, a list or the audit; hooks store it (hashed); left empty in a PUT it keeps the stored one. */
  | { kind: "password" }
  /** One of an `as const` list (the field's schema is enumField of the same list); with `colors`, lists show each value as a tag of its colour (antd). */
  | { kind: "select"; options: readonly string[]; colors?: Readonly<Record<string, string>> }
  /**
   * An id of another declared (or hand-written) resource, chosen with a search picker over
   * GET api/<resource>/sugerencias?q=. `label` is the referenced row's field shown for it;
   * rows carry it as `<field without _id>_<label>` (responsable_id → responsable_nombre).
   */
  | { kind: "reference"; resource: string; label: string; within?: Within; picker?: "list" };

/**
 * A reference scoped by another field: the referenced row's `field` must equal this
 * record's (a quote of the payment's client), else 400 on the reference with `message`;
 * the picker offers only those rows.
 */
export interface Within {
  field: string;
  message: string;
}

export const TEXT = { kind: "text" } as const;
export const RUT = { kind: "rut" } as const;
export const EMAIL = { kind: "email" } as const;
export const PHONE = { kind: "phone" } as const;
export const MONEY = { kind: "money" } as const;
export const QUANTITY = { kind: "quantity" } as const;
export const INTEGER = { kind: "integer" } as const;
export const DATE = { kind: "date" } as const;
export const TIMESTAMP = { kind: "timestamp" } as const;
export const PASSWORD = { kind: "password" } as const;
export const boolean = (yes = "Sí", no = "No") => ({ kind: "boolean", yes, no }) as const;
export const select = (options: readonly string[], colors?: Readonly<Record<string, string>>) => ({ kind: "select", options, ...(colors ? { colors } : {}) }) as const;
/** `options.picker: "list"`: the picker searches GET api/<resource>?q= (a resource without sugerencias). */
export const reference = (resource: string, label: string, options: { within?: Within; picker?: "list" } = {}) => ({ kind: "reference", resource, label, ...options }) as const;

export interface FieldDecl {
  /** The form's and the column's label (Spanish). */
  label: string;
  /** The body field (src/domain/fields builders): its messages are the API's and the form's. */
  schema: z.ZodType;
  input: FieldInput;
  /** Shown in the list with this column width (px); omitted: only on the record's pages. */
  list?: number;
  /**
   * The list column's priority when the card is short of width (src/components/fit-columns):
   * "needed" never steps back (the layout test checks it is in view at 1280 px), "extra" steps
   * back first; default "useful". The `title` field is always needed.
   */
  priority?: ListPriority;
  /** Searched by `q` (contains, ignoring case and accents). */
  search?: boolean;
  /** The list sorts by it. */
  sort?: boolean;
  /** The list filters by it (text: contains; dates, numbers: from/to; select, reference: one of); a list of operators narrows the API's. */
  filter?: boolean | readonly FilterOperator[];
  /** No two records share it (text compared ignoring case): the 409's message. Needs a unique index `<table>_<field>_uq`. */
  unique?: string;
  /** The unique index's name when it is not `<table>_<field>_uq` (an index older than the declaration). */
  uniqueIndex?: string;
  /** The form marks it as required. */
  required?: boolean;
  /** A hook fills it when it comes empty (an invoice's VAT from its net): stored never null, yet not required in the body. */
  filled?: true;
  /** The form's layout: columns of 12 (default 6), the placeholder, the most characters typed. */
  span?: number;
  placeholder?: string;
  maxLength?: number;
  /** The body may leave it out (POST: the column's default applies). */
  optional?: boolean;
  /** Set by the database, never by a body (creado_en): in rows, lists and the record only. */
  readOnly?: boolean;
  /** The list's column title when it differs from the label (Activo → Estado). */
  column?: string;
  /** On the edit form: shown but not changed ("readOnly"), or not shown (false). */
  edit?: "readOnly" | false;
  /** Help under the input (a form hook may give another on one form: src/resources/declared/form-hooks.ts). */
  extra?: string;
  /** The n-th valid example value (tests, fuzzer, demo data) when the input's default does not fit (a plate's format). */
  example?: (n: number) => unknown;
  /** In the POST body only ("create": fixed once registered) or the PUT body only ("update": a state changed later). */
  only?: "create" | "update";
  /**
   * Who sees it, when fewer than the resource's readers (a supplier's bank account, an
   * invoice's payment notes): the other readers get rows, lists, the record and its answers
   * without it, and cannot sort, filter or search by it (issue 32). One rule per field.
   */
  readers?: readonly Role[];
}

/** A list column's priority (the web's ColumnPriority). */
export type ListPriority = "needed" | "useful" | "extra";

/** The list's filter operators (server/lists): `<field>`, `<field>_like`, `_gte`, … */
export type FilterOperator = "eq" | "ne" | "like" | "in" | "gte" | "lte" | "lt" | "gt";

/** Text a user types (searched with contains, filtered with _like, sorted as a human name). */
export function isTextInput(input: FieldInput): boolean {
  return input.kind === "text" || input.kind === "rut" || input.kind === "email" || input.kind === "phone";
}

/** A named filter of the list: `?<name>=true` keeps the rows where any of `fields` (dates) falls from today to `days` days from today (Santiago). */
export interface DueFilter {
  kind: "dueWithin";
  label: string;
  fields: readonly string[];
  days: number;
}

/**
 * A read-only column of the row the server computes (never in a request body): a column
 * of a referenced row (`from`), or an SQL expression the server's registration gives
 * (server/resources/index.ts, COMPUTED). Listed, sorted, filtered and searched like a field.
 */
export interface ComputedDecl {
  label: string;
  /** How its value reads (money, quantity, text…). */
  input: FieldInput;
  list?: number;
  /** As a field's `priority`. */
  priority?: ListPriority;
  search?: boolean;
  sort?: boolean;
  filter?: boolean | readonly FilterOperator[];
  /** The list filter's value parser (the API's 400 message for a value it does not take). */
  filterValue?: z.ZodType;
  /** Its value depends on today's date (Santiago): the list's cache key carries the date. */
  daily?: boolean;
  /** The referenced row's column (presupuesto_id → the quote's nombre_obra). */
  from?: { reference: string; column: string };
}

export interface ResourceFields<F extends Record<string, FieldDecl>> {
  fields: F;
  /**
   * The field that is the record's key (a product's code) when the table has no serial id:
   * the paths' /:id, the audit's record, the rows' identity. A PUT never changes it.
   */
  key?: keyof F & string;
  computed?: Record<string, ComputedDecl>;
  /** The field that names a record (titles, pickers, exact match first). */
  title: keyof F & string;
  /** The list's order when none is asked (default: `title`, ascending). */
  sort?: keyof F & string;
  order?: "asc" | "desc";
  filters?: Record<string, DueFilter>;
  /** The search box's placeholder (default: the searched fields' labels). */
  searchPlaceholder?: string;
  /** The most rows a list without paging answers (default 5,000). */
  cap?: number;
  /** PUT takes any subset of the fields (at least one); fields it does not name stay as they are. */
  partialUpdate?: boolean;
  /**
   * Why a stored record cannot be deleted (a paid or SII-imported invoice), or null: the
   * server's DELETE answers 409 with it, the web offers no delete button on such a row.
   */
  deleteRefusal?: (row: Record<string, unknown>) => string | null;
  /** The 404's message (default «El <singular> no existe.»). */
  notFound?: string;
  /** Where the web goes after saving (default: the record's page). */
  redirect?: "list" | "show";
  /**
   * GET /sugerencias: the fields it answers besides id (default: the row), the fields `q`
   * matches (default: the searched ones), the rows it offers (`where`: field = value) and
   * whether any signed-in user may ask (a picker of people on other sections' forms);
   * `minLength`: a shorter text answers nothing (a picker of people is not a directory).
   */
  suggest?: { fields?: readonly string[]; match?: readonly string[]; where?: Record<string, string | number | boolean>; anyone?: boolean; minLength?: number };
}

/** A field's stored value: never null when required or filled by its default or a hook. */
type Stored<D extends FieldDecl> = D extends { required: true } | { filled: true } ? NonNullable<z.output<D["schema"]>> : z.output<D["schema"]>;

/** The fields a record stores: all but the write-only ones (PASSWORD). */
export type StoredKeys<F extends Record<string, FieldDecl>> = { [K in keyof F]: F[K]["input"] extends { kind: "password" } ? never : K }[keyof F];

/** What a record stores: its id and each stored field's parsed value (the Drizzle table must store exactly this: server/db/schema, `Declares`; it may hold more columns no row shows, e.g. a password hash). */
export type StoredRow<F extends Record<string, FieldDecl>, Id extends string = "id"> = { [K in Id | StoredKeys<F>]: K extends keyof F ? Stored<F[K]> : number };

export type Resource<F extends Record<string, FieldDecl> = Record<string, FieldDecl>, Id extends string = "id"> = ResourceMeta &
  ResourceFields<F> & {
    /** The POST body. */
    body: z.ZodObject;
    /** The PUT body (the POST's, or any subset of it with `partialUpdate`). */
    updateBody: z.ZodType;
    /** The API's row: id, the fields, and each reference's label. */
    row: z.ZodObject;
    /** Names of the reference labels a row carries, by field (responsable_id → responsable_nombre). */
    labels: Record<string, string>;
    /** Phantom: the stored row's type. */
    readonly $stored?: StoredRow<F, Id>;
  };

export type AnyResource = Resource<Record<string, FieldDecl>, string>;

export const MSG_CUERPO_OBJETO = "El cuerpo de la solicitud debe ser un objeto JSON";

/** The row field that carries a reference's label. */
export function labelName(field: string, label: string): string {
  return `${field.replace(/_id$/, "")}_${label}`;
}

function rowValue(input: FieldInput): z.ZodType {
  switch (input.kind) {
    case "money":
    case "quantity":
    case "integer":
    case "reference":
      return z.number().nullable();
    case "boolean":
      return z.boolean().nullable();
    case "timestamp":
      return timestampValue.nullable();
    default:
      return z.string().nullable();
  }
}

export const MSG_ALGUN_CAMPO = "Indique al menos un campo para modificar";

/** A write-only field (a password): in bodies, never in rows. */
export const isWriteOnly = (f: FieldDecl) => f.input.kind === "password";

/** A field's rule in the POST body (and the create form): its own, left out when optional. */
export const createRule = (f: FieldDecl): z.ZodType => (f.optional ? f.schema.optional() : f.schema);

/**
 * A field's rule in the PUT body: its own, except that a write-only field (a password) left
 * empty or null keeps the stored value (an edit form's blank box).
 */
export function updateRule(f: FieldDecl): z.ZodType {
  if (isWriteOnly(f)) return z.preprocess((v) => (v === "" || v === null ? undefined : v), f.schema.optional());
  return createRule(f);
}

/** The fields `role` does not see (their `readers` leave it out), in declaration order. */
export function hiddenFields(r: { fields: Record<string, FieldDecl> }, role: string): string[] {
  return Object.entries(r.fields)
    .filter(([, f]) => f.readers && !(f.readers as readonly string[]).includes(role))
    .map(([name]) => name);
}

/** The field that identifies a record: `id`, or the declared key. */
export const keyOf = (r: { key?: string }): string => r.key ?? "id";

export function defineResource<F extends Record<string, FieldDecl>, Id extends string = "id">(meta: ResourceMeta, decl: ResourceFields<F> & { key?: Id & keyof F }): Resource<F, Id> {
  const body: Record<string, z.ZodType> = {};
  const update: Record<string, z.ZodType> = {};
  const row: Record<string, z.ZodType> = decl.key ? {} : { id: z.number().int() };
  const labels: Record<string, string> = {};
  for (const [name, f] of Object.entries(decl.fields)) {
    if (!f.readOnly) {
      if (f.only !== "update") body[name] = createRule(f);
      if (f.only !== "create" && name !== decl.key) update[name] = updateRule(f);
    }
    if (isWriteOnly(f)) continue;
    // A field some readers do not see is absent from their rows.
    row[name] = f.readers ? rowValue(f.input).optional() : rowValue(f.input);
    if (f.input.kind === "reference") {
      labels[name] = labelName(name, f.input.label);
      row[labels[name]] = z.string().nullable();
    }
  }
  for (const [name, c] of Object.entries(decl.computed ?? {})) row[name] = rowValue(c.input);
  const updateBody = decl.partialUpdate
    ? z
        .object(Object.fromEntries(Object.entries(update).map(([k, v]) => [k, v.optional()])), { error: MSG_CUERPO_OBJETO })
        .refine((b) => Object.values(b).some((v) => v !== undefined), { message: MSG_ALGUN_CAMPO })
    : z.object(update, { error: MSG_CUERPO_OBJETO });
  return { ...meta, ...decl, body: z.object(body, { error: MSG_CUERPO_OBJETO }), updateBody, row: z.object(row), labels };
}

