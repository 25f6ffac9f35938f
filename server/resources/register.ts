// A declared resource's routes (src/domain/resources/define-resource.ts), with no code of
// its own: GET list (server/lists: paging, sort, q, declared filters, 400 on the rest,
// cached), GET /sugerencias?q=, GET /:id, POST, PUT /:id, DELETE /:id. Every write goes
// through write() with its audit row; a unique value taken is a 409 on its field, a
// reference to a record that does not exist is a 409 on the referencing field, and a
// record other records point to cannot be deleted (409). The role check is the
// declaration's readers/writers within its section. Custom behaviour is a hook
// (ResourceHooks), never a copy of this file.
import { and, asc, desc, eq, getTableName, ne, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { getTableConfig, type PgColumn, type PgTable } from "drizzle-orm/pg-core";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { todayInSantiago } from "../../src/domain/dates/dates";
import { hiddenFields, isTextInput, isWriteOnly, keyOf, type AnyResource, type ComputedDecl, type FieldDecl } from "../../src/domain/resources/define-resource";
import type { RoutePermission } from "../../src/domain/roles/roles";
import type { Db } from "../db/connect";
import { badRequest, conflict, isForeignKeyViolation, isUniqueViolation, notFound, pgErrorOf } from "../errors";
import { byHumanName, defineList, sendList, suggestions, type ListField, type ListQuery, type Searchable } from "../lists";
import { errorBody, idParams, refusals } from "../routes/schemas";
import { changedFields } from "../services/changes";
import type { ResourceData as Data, ResourceHooks, ResourceRow as Row } from "../services/resource-hooks";
import { contextOf, write, type ServiceContext, type Tx } from "../services/write";

type Key = number | string;

const col = (table: PgTable, name: string): PgColumn => {
  const c = (table as unknown as Record<string, PgColumn | undefined>)[name];
  if (!c) throw new Error(`Recurso ${getTableName(table)}: la tabla no tiene la columna «${name}».`);
  return c;
};

const boolValue = z.enum(["true", "false"], { error: "Debe ser true o false" }).transform((v) => v === "true");

/** The filter operators a field's input allows. */
function operators(f: FieldDecl): ListField["filter"] {
  if (Array.isArray(f.filter)) return f.filter as ListField["filter"];
  if (isTextInput(f.input)) return ["eq", "like"];
  switch (f.input.kind) {
    case "select":
    case "reference":
      return ["eq", "in"];
    case "boolean":
      return ["eq"];
    case "timestamp":
      return ["gte", "lte"];
    default:
      return ["eq", "gte", "lte", "lt", "gt"];
  }
}

/** A phone typed in `q` ("56955551234", "+56 9 5555-1234") against the phone's digits alone. */
function phoneDigits(c: PgColumn) {
  return (q: string) => {
    const digits = q.replace(/\D/g, "");
    if (!/^[\d\s+().-]+$/.test(q) || digits.length < 3) return undefined;
    return sql`regexp_replace(${c}, '[^0-9]', '', 'g') like ${`%${digits}%`}`;
  };
}

/** Messages of a resource, from its labels. */
function messages(r: AnyResource) {
  const el = r.feminine ? "La" : "El";
  return {
    notFound: r.notFound ?? `${el} ${r.singular} no existe.`,
    referenced: `No se puede eliminar ${r.feminine ? "la" : "el"} ${r.singular}: otros registros lo usan.`,
  };
}

export function resourceRoutes(r: AnyResource, table: PgTable, hooks: ResourceHooks = {}) {
  const name = r.name;
  // The record's key: the id, or the declared key field (a product's code).
  const keyName = keyOf(r);
  const id = col(table, keyName);
  const msg = messages(r);
  const fieldEntries = Object.entries(r.fields).filter(([, f]) => !isWriteOnly(f));

  // The row: id, the fields, each reference's label and each computed column (a referenced
  // row's column is a correlated subquery naming both sides).
  const referenced = (field: string, column: string): SQL => {
    const f = r.fields[field];
    if (f?.input.kind !== "reference") throw new Error(`Recurso ${name}: «${field}» no es una referencia.`);
    return sql`(select x.${sql.identifier(column)} from ${sql.identifier(f.input.resource)} x where x.id = ${sql.identifier(name)}.${sql.identifier(field)})`;
  };
  const columns: Record<string, AnyColumn | SQL.Aliased> = { [keyName]: id };
  const labelSql: Record<string, SQL> = {};
  for (const [field, f] of fieldEntries) {
    columns[field] = col(table, field);
    if (f.input.kind === "reference") {
      labelSql[field] = referenced(field, f.input.label);
      columns[r.labels[field]] = labelSql[field].as(r.labels[field]);
    }
  }
  const ownComputed = hooks.computed?.(table) ?? {};
  const ownFilters = hooks.computedFilters?.(table) ?? {};
  const whereOf = (computed: string) => (ownFilters[computed] ? { where: ownFilters[computed] } : {});
  const computedSql: Record<string, SQL> = {};
  for (const [field, c] of Object.entries(r.computed ?? {})) {
    const expr = c.from ? referenced(c.from.reference, c.from.column) : ownComputed[field];
    if (!expr) throw new Error(`Recurso ${name}: la columna calculada «${field}» no tiene su SQL (ResourceHooks.computed).`);
    computedSql[field] = expr;
    columns[field] = expr.as(field);
  }

  // The list: declared sorts and filters, q over the searched fields (a reference by its
  // label), the computed columns, the named filters. One list per set of fields a role does
  // not see (a field's `readers`): its rows, sorts, filters and search leave them out.
  const isText = (input: FieldDecl["input"]) => isTextInput(input) || input.kind === "select";
  const titleCol = col(table, r.title);
  const sortCol = col(table, r.sort ?? r.title);
  // A key sorts as stored (codes); a name as people read it.
  const sortBy = (r.sort ?? r.title) !== r.key && isText(r.fields[r.sort ?? r.title].input) ? byHumanName(sortCol) : sql`${sortCol}`;
  const dated = Object.keys(r.filters ?? {}).length > 0 || Object.values(r.computed ?? {}).some((c) => c.daily);

  function buildList(hidden: ReadonlySet<string>, listName: string) {
    const shown = ([field]: [string, unknown]) => !hidden.has(field);
    const listColumns = Object.fromEntries(Object.entries(columns).filter(([k]) => !hidden.has(k) && !hiddenLabels.has(k)));
    const listFields: Record<string, Partial<ListField>> = { [keyName]: { column: id, sort: true, filter: r.key ? operators(r.fields[r.key]) : ["eq", "in"] } };
    const search: Searchable[] = [];
    const filterValue = (c: ComputedDecl) => (c.filterValue ? { value: c.filterValue } : {});
    for (const [field, f] of fieldEntries.filter(shown)) {
      const c = col(table, field);
      const label = labelSql[field];
      const sortBy = label ? byHumanName(label) : isText(f.input) ? byHumanName(c) : true;
      // The key's sorts and filters are the ones declared for it.
      if (field !== keyName && (f.sort || f.filter)) listFields[field] = { column: c, ...(f.sort ? { sort: sortBy } : {}), ...(f.filter ? { filter: operators(f) } : {}) };
      // A reference's label sorts and filters under its row name too (cliente_nombre).
      if (label && (f.sort || f.filter)) listFields[r.labels[field]] = { column: label, ...(f.sort ? { sort: sortBy } : {}), ...(f.filter ? { filter: ["eq", "like"] } : {}) };
      if (f.search) {
        search.push(label ?? c);
        if (f.input.kind === "rut") search.push(sql`replace(${c}, '.', '')`);
        if (f.input.kind === "phone") search.push(phoneDigits(c));
      }
    }
    for (const [field, c] of Object.entries(r.computed ?? {})) {
      const expr = computedSql[field];
      if (c.sort || c.filter) listFields[field] = { column: expr, ...(c.sort ? { sort: isText(c.input) ? byHumanName(expr) : true } : {}), ...(c.filter ? { filter: operators(c as FieldDecl), ...filterValue(c), ...whereOf(field) } : {}) };
      if (c.search) search.push(expr);
    }
    // A field's filter of its own (ResourceHooks.listFilters).
    for (const [field, own] of Object.entries(hooks.listFilters?.(computedSql) ?? {})) {
      if (!r.fields[field]?.filter) throw new Error(`Recurso ${name}: «${field}» tiene un filtro propio pero no declara filter.`);
      if (!hidden.has(field)) listFields[field] = own;
    }
    const today = sql`((now() at time zone 'America/Santiago')::date)`;
    for (const [filter, d] of Object.entries(r.filters ?? {})) {
      const within = d.fields.map((f) => sql`(${col(table, f)} between ${today} and ${today} + ${sql.raw(String(Math.trunc(d.days)))})`);
      listFields[filter] = { column: sql`coalesce(${sql.join(within, sql` or `)}, false)`, filter: ["eq"], value: boolValue };
    }
    const list = defineList({
      table,
      row: hidden.size ? r.row.omit(Object.fromEntries([...hidden, ...hiddenLabels].map((k) => [k, true])) as never) : r.row,
      columns: listColumns as never,
      fields: listFields,
      search: search.length ? search : undefined,
      defaultSort: r.order === "desc" ? [desc(sortBy), desc(id)] : [asc(sortBy)],
      tieBreaker: id,
      cap: r.cap ?? 5_000,
      name: listName,
    });
    return { list, search };
  }

  // The labels of hidden reference fields go with them.
  const restricted = fieldEntries.filter(([, f]) => f.readers).map(([field]) => field);
  const hiddenLabels = new Set(restricted.filter((f) => r.labels[f]).map((f) => r.labels[f]));
  const full = buildList(new Set(), name);
  /** The list each role reads: the full one, or the one without the fields it does not see (built once per distinct set). */
  const variants = new Map<string, ReturnType<typeof buildList>>([["", full]]);
  const listByRole = new Map<string, ReturnType<typeof buildList>>();
  for (const role of r.readers) {
    const hidden = hiddenFields(r, role);
    const signature = hidden.join(",");
    if (!variants.has(signature)) variants.set(signature, buildList(new Set(hidden), `${name}~sin:${signature}`));
    listByRole.set(role, variants.get(signature)!);
  }
  const list = full.list;
  const search = full.search;
  /** The list a role reads (a role outside the readers never gets here: the route refuses it). */
  const listFor = (role: string | undefined) => (role !== undefined ? (listByRole.get(role) ?? full) : full).list;
  const answerOf = (l: typeof list, db: Db, query: ListQuery) => l.answer(db, query, dated ? `${l.name}@${todayInSantiago()}` : l.name);
  const answer = (db: Db, query: ListQuery, role?: string) => answerOf(listFor(role), db, query);
  /**
   * The list query of a role that does not see some fields: a filter or sort on one of them is
   * a 400 on that parameter, as for a field the list does not declare (the route's schema is
   * the full list's, which the API documents).
   */
  const narrow = (query: ListQuery, role: string | undefined): ListQuery => {
    const hidden = role === undefined ? [] : hiddenFields(r, role).flatMap((f) => (r.labels[f] ? [f, r.labels[f]] : [f]));
    if (!hidden.length) return query;
    const names = (key: string) => hidden.some((h) => key === h || key.startsWith(`${h}_`));
    const errors: Record<string, string[]> = {};
    for (const key of Object.keys(query)) if (!key.startsWith("_") && key !== "q" && names(key)) errors[key] = [`Parámetro desconocido: «${key}».`];
    const sorted = typeof query._sort === "string" ? query._sort.split(",").filter((f) => hidden.includes(f)) : [];
    if (sorted.length) errors._sort = sorted.map((f) => `No se puede ordenar por «${f}».`);
    const first = Object.values(errors)[0]?.[0];
    if (first) throw badRequest(`Datos inválidos: ${first}`, errors);
    return query;
  };
  /** A row as `role` may see it (without the fields it does not see). */
  const visible = <T extends Record<string, unknown>>(row: T, role: string | undefined): T => {
    const hidden = role === undefined ? [] : hiddenFields(r, role);
    if (!hidden.length) return row;
    const out: Record<string, unknown> = { ...row };
    for (const f of hidden) {
      delete out[f];
      if (r.labels[f]) delete out[r.labels[f]];
    }
    return out as T;
  };

  // Writes.
  const uniques = fieldEntries.filter(([, f]) => f.unique);
  const references = getTableConfig(table).foreignKeys.map((fk) => ({ name: fk.getName(), field: fk.reference().columns[0].name }));
  const fieldOf = (field: string) => r.fields[field];
  const scoped = fieldEntries.flatMap(([field, f]) => (f.input.kind === "reference" && f.input.within ? [{ field, resource: f.input.resource, within: f.input.within }] : []));

  /** A scoped reference's row must share the record's value of its `within` field (400 otherwise). */
  async function assertWithin(tx: Tx, data: Data): Promise<void> {
    for (const s of scoped) {
      const value = data[s.field];
      if (value === null || value === undefined) continue;
      const [hit] = await tx
        .select({ id: sql<number>`x.id` })
        .from(sql`${sql.identifier(s.resource)} x`)
        .where(sql`x.id = ${value} and x.${sql.identifier(s.within.field)} is not distinct from ${data[s.within.field] ?? null}`)
        .limit(1);
      if (!hit) throw badRequest(s.within.message, { [s.field]: [s.within.message] });
    }
  }

  async function assertFree(tx: Tx, data: Data, exceptId?: Key): Promise<void> {
    for (const [field, f] of uniques) {
      const value = data[field];
      if (value === null || value === undefined) continue;
      const c = col(table, field);
      // Text is unique ignoring case; the key (a code) as stored, like its primary key.
      const same = typeof value === "string" && field !== keyName ? sql`lower(${c}) = lower(${value})` : eq(c, value);
      const [hit] = await tx.select({ id }).from(table).where(exceptId === undefined ? same : and(same, ne(id, exceptId))).limit(1);
      if (hit) throw conflict(f.unique!, { [field]: [f.unique!] });
    }
  }

  /** A unique or foreign-key refusal as a 409 naming the field. */
  function mapped(err: unknown): unknown {
    const info = pgErrorOf(err);
    if (isUniqueViolation(err)) {
      const hit = uniques.find(([field, f]) => info?.constraint === (f.uniqueIndex ?? `${name}_${field}_uq`));
      if (hit) return conflict(hit[1].unique!, { [hit[0]]: [hit[1].unique!] });
    }
    if (isForeignKeyViolation(err)) {
      const ref = references.find((fk) => fk.name === info?.constraint);
      if (ref) {
        const message = `${fieldOf(ref.field)?.label ?? ref.field}: el registro indicado no existe.`;
        return conflict(message, { [ref.field]: [message] });
      }
      return conflict(msg.referenced, { id: [msg.referenced] });
    }
    return err;
  }

  /** A row without its computed columns: what the audit records (a computed value is not a change of the record). */
  const computedNames = Object.keys(r.computed ?? {});
  const stored = (row: Row): Row => (computedNames.length ? (Object.fromEntries(Object.entries(row).filter(([k]) => !computedNames.includes(k))) as Row) : row);

  async function readRow(db: Db | Tx, rowId: Key, lock = false): Promise<Row> {
    const q = db.select(columns as never).from(table).where(eq(id, rowId));
    const [row] = (await (lock ? q.for("update") : q)) as Row[];
    if (!row) throw notFound(msg.notFound);
    return row;
  }

  async function save(ctx: ServiceContext, rowId: Key | null, body: Data): Promise<Row> {
    const input = hooks.prepare ? await hooks.prepare(body, ctx, rowId) : body;
    try {
      return await write(ctx, async (tx, audit) => {
        await hooks.lock?.(tx, input, ctx);
        const before = rowId === null ? null : await readRow(tx, rowId, true);
        // A PUT that changes nothing writes nothing (a key the row does not show, a new password's hash, is a change).
        if (before && Object.entries(input).every(([k, v]) => v === undefined || (k in before && before[k] === v))) return before;
        const filled = { ...input };
        await assertFree(tx, filled, rowId ?? undefined);
        await assertWithin(tx, filled);
        await hooks.validate?.(tx, filled, before, ctx);
        const data = (await hooks.beforeWrite?.(tx, filled, before, ctx)) ?? filled;
        let written: { id: Key };
        if (rowId === null) [written] = (await tx.insert(table).values(data as never).returning({ id })) as { id: Key }[];
        else [written] = (await tx.update(table).set(data as never).where(eq(id, rowId)).returning({ id })) as { id: Key }[];
        const row = await readRow(tx, written.id);
        const extra = (await hooks.afterWrite?.(tx, row, before, ctx, data)) ?? {};
        const changes = hooks.audit ? hooks.audit(row, before, input) : before ? changedFields(stored(before), stored(row)) : stored(row);
        await audit({ entity: table, entityId: row[keyName] as Key, changes: { ...changes, ...extra } });
        return row;
      });
    } catch (err) {
      throw hooks.refusal?.(err, input) ?? mapped(err);
    }
  }

  async function remove(ctx: ServiceContext, rowId: Key): Promise<Row> {
    try {
      return await write(ctx, async (tx, audit) => {
        await hooks.lock?.(tx, null, ctx);
        const before = await readRow(tx, rowId, true);
        const refusal = r.deleteRefusal?.(before);
        if (refusal) throw conflict(refusal, { id: [refusal] });
        await hooks.beforeDelete?.(tx, before, ctx);
        await tx.delete(table).where(eq(id, rowId));
        const extra = (await hooks.afterWrite?.(tx, null, before, ctx, null)) ?? {};
        await audit({ entity: table, entityId: rowId, changes: { eliminado: before, ...extra } });
        return before;
      });
    } catch (err) {
      throw mapped(err);
    }
  }

  /** A `prepare` hook may make a write wait (a password's hash: 429 past the gate or the change limit). */
  const mayWait = !!hooks.prepare;
  return { table, list, listFor, answer, narrow, visible, restricted, columns, readRow, save, remove, titleCol, search, sortBy, key: id, mayWait };
}

export type ResourceService = ReturnType<typeof resourceRoutes>;

/** A service whose rows are typed `R` (server/resources/index.ts: declaredService<R>). */
export type TypedService<R> = Omit<ResourceService, "readRow" | "save" | "remove"> & {
  readRow(db: Db | Tx, rowId: Key, lock?: boolean): Promise<R>;
  save(ctx: ServiceContext, rowId: Key | null, body: Data): Promise<R>;
  remove(ctx: ServiceContext, rowId: Key): Promise<R>;
};

/** Registers the resource's routes under /<name> (`s`: its service, built once and shared with hand-written routes that read or write it). */
export function registerResource(app: FastifyInstance, r: AnyResource, s: ResourceService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const table = s.table;
  const permission = (access: "read" | "write"): { permission: RoutePermission } => ({ permission: { section: r.section, access, roles: access === "read" ? r.readers : r.writers } });
  const read = permission("read");
  const writeAccess = permission("write");
  const deleteAccess = r.deleters ? { permission: { section: r.section, access: "write" as const, roles: r.deleters } } : writeAccess;
  const createAccess = r.creators ? { permission: { section: r.section, access: "write" as const, roles: r.creators } } : writeAccess;
  const tags = [r.section];
  const base = `/${r.name}`;
  // A declared key (a product's code) is text in the path; an id a positive integer.
  const params = r.key ? z.object({ id: z.string().min(1).max(r.fields[r.key].maxLength ?? 200) }) : idParams;
  const searched = Object.values(r.fields).filter((f) => f.search).map((f) => f.label.toLowerCase());
  const sg = r.suggest ?? {};
  // The pickers match the searched columns (a phone's digits are the list's alone).
  const columnsSearched = s.search.filter((c) => typeof c !== "function");
  // A picker never offers nor matches a field some readers do not see (a field's `readers`).
  const restrictedColumns = new Set(s.restricted.map((f) => col(table, f) as unknown));
  const restrictedNames = new Set(s.restricted.flatMap((f) => (r.labels[f] ? [f, r.labels[f]] : [f])));
  const open = columnsSearched.filter((c) => !restrictedColumns.has(c));
  const match = sg.match ? sg.match.map((f) => col(table, f)) : open.length ? open : [s.titleCol];
  const offeredNames = sg.fields ? [keyOf(r), ...sg.fields] : Object.keys(s.columns).filter((k) => !restrictedNames.has(k));
  const offered = Object.fromEntries(offeredNames.map((f) => [f, s.columns[f]]));
  const offeredRow = r.row.pick(Object.fromEntries(offeredNames.map((f) => [f, true])) as never);
  const waits = s.mayWait ? { 429: errorBody } : {};
  const where = sg.where ? and(...Object.entries(sg.where).map(([f, v]) => eq(col(table, f), v))) : undefined;

  api.get(
    base,
    {
      config: read,
      schema: {
        tags,
        summary: `Listado de ${r.plural}; con _start/_end/_sort/_order/q${searched.length ? ` (${searched.join(", ")})` : ""}/filtros pagina y envía X-Total-Count`,
        querystring: s.list.query,
        response: { 200: z.array(r.row), 304: z.null(), ...refusals },
      },
    },
    async (req, reply) => sendList(req, reply, await s.answer(req.server.database.db, s.narrow(req.query as ListQuery, req.user?.rol), req.user?.rol)),
  );

  api.get(
    `${base}/sugerencias`,
    {
      config: sg.anyone ? { permission: "session" as const } : read,
      schema: {
        tags,
        summary: `Hasta 20 ${r.plural}${sg.where ? ` (${Object.entries(sg.where).map(([f, v]) => `${f} = ${String(v)}`).join(", ")})` : ""} que contienen q, el de ${r.fields[r.title].label.toLowerCase()} exacto primero${sg.minLength ? `; q de al menos ${sg.minLength} caracteres` : ""}${sg.anyone ? "; para cualquier sesión" : ""}`,
        querystring: z.object({ q: z.string().max(200).optional() }).strict(),
        response: { 200: z.array(offeredRow), ...refusals },
      },
    },
    async (req) =>
      (req.query.q ?? "").trim().length < (sg.minLength ?? 0)
        ? []
        : suggestions<Row>(req.server.database.db, { table, columns: offered as never, match: match as never, exact: s.titleCol, orderBy: [asc(s.sortBy), asc(s.key)], where }, req.query.q),
  );

  api.get(
    `${base}/:id`,
    { config: read, schema: { tags, summary: `Un ${r.singular}`, params, response: { 200: r.row, ...refusals, 404: errorBody } } },
    async (req) => s.visible(await s.readRow(req.server.database.db, req.params.id), req.user?.rol),
  );

  api.post(
    base,
    { config: createAccess, schema: { tags, summary: `Crear ${r.singular}`, body: r.body, response: { 201: r.row, ...refusals, 409: errorBody, ...waits } } },
    async (req, reply) => reply.status(201).send(s.visible(await s.save(contextOf(req), null, req.body as Data), req.user?.rol)),
  );

  api.put(
    `${base}/:id`,
    { config: writeAccess, schema: { tags, summary: `Modificar ${r.singular}${r.partialUpdate ? " (los campos enviados)" : ""}`, params, body: r.updateBody, response: { 200: r.row, ...refusals, 404: errorBody, 409: errorBody, ...waits } } },
    async (req) => s.visible(await s.save(contextOf(req), req.params.id, req.body as Data), req.user?.rol),
  );

  api.delete(
    `${base}/:id`,
    {
      config: deleteAccess,
      schema: { tags, summary: `Eliminar ${r.singular} (409 si otros registros lo usan${r.deleteRefusal ? " o si no se puede eliminar" : ""})${r.deleters ? `; solo ${r.deleters.join(", ")}` : ""}`, params, response: { 200: r.row, ...refusals, 404: errorBody, 409: errorBody } },
    },
    async (req) => s.visible(await s.remove(contextOf(req), req.params.id), req.user?.rol),
  );
}
