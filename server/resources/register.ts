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
import { isTextInput, type AnyResource, type FieldDecl } from "../../src/domain/resources/define-resource";
import type { RoutePermission } from "../../src/domain/roles/roles";
import type { Db } from "../db/connect";
import { badRequest, conflict, isForeignKeyViolation, isUniqueViolation, notFound, pgErrorOf } from "../errors";
import { byHumanName, defineList, sendList, suggestions, type ListField, type ListQuery, type Searchable } from "../lists";
import { cachedList, listKey } from "../lists/cache";
import { errorBody, idParams, refusals } from "../routes/schemas";
import { changedFields } from "../services/changes";
import { contextOf, write, type ServiceContext, type Tx } from "../services/write";

type Row = Record<string, unknown> & { id: number };
type Data = Record<string, unknown>;

/** Custom behaviour of one resource, inside the write's transaction. */
export interface ResourceHooks {
  /** Checks beyond the fields' own (throw badRequest/conflict); `before` is the stored row on PUT/DELETE. */
  validate?(tx: Tx, data: Data, before: Row | null, ctx: ServiceContext): Promise<void>;
  /** Changes the data to store (e.g. a password hashed). */
  beforeWrite?(tx: Tx, data: Data, before: Row | null, ctx: ServiceContext): Promise<Data>;
  /** After the row is written and audited (same transaction); `row` is null after a delete. */
  afterWrite?(tx: Tx, row: Row | null, before: Row | null, ctx: ServiceContext): Promise<void>;
  /** Before a delete (e.g. refuse removing the last administrator). */
  beforeDelete?(tx: Tx, before: Row, ctx: ServiceContext): Promise<void>;
  /** The SQL of each computed column the declaration does not take `from` a reference (e.g. a stock figure). */
  computed?: (table: PgTable) => Record<string, SQL>;
}

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
    notFound: `${el} ${r.singular} no existe.`,
    referenced: `No se puede eliminar ${r.feminine ? "la" : "el"} ${r.singular}: otros registros lo usan.`,
  };
}

export function resourceRoutes(r: AnyResource, table: PgTable, hooks: ResourceHooks = {}) {
  const name = r.name;
  const id = col(table, "id");
  const msg = messages(r);
  const fieldEntries = Object.entries(r.fields);

  // The row: id, the fields, each reference's label and each computed column (a referenced
  // row's column is a correlated subquery naming both sides).
  const referenced = (field: string, column: string): SQL => {
    const f = r.fields[field];
    if (f?.input.kind !== "reference") throw new Error(`Recurso ${name}: «${field}» no es una referencia.`);
    return sql`(select x.${sql.identifier(column)} from ${sql.identifier(f.input.resource)} x where x.id = ${sql.identifier(name)}.${sql.identifier(field)})`;
  };
  const columns: Record<string, AnyColumn | SQL.Aliased> = { id };
  const labelSql: Record<string, SQL> = {};
  for (const [field, f] of fieldEntries) {
    columns[field] = col(table, field);
    if (f.input.kind === "reference") {
      labelSql[field] = referenced(field, f.input.label);
      columns[r.labels[field]] = labelSql[field].as(r.labels[field]);
    }
  }
  const ownComputed = hooks.computed?.(table) ?? {};
  const computedSql: Record<string, SQL> = {};
  for (const [field, c] of Object.entries(r.computed ?? {})) {
    const expr = c.from ? referenced(c.from.reference, c.from.column) : ownComputed[field];
    if (!expr) throw new Error(`Recurso ${name}: la columna calculada «${field}» no tiene su SQL (ResourceHooks.computed).`);
    computedSql[field] = expr;
    columns[field] = expr.as(field);
  }

  // The list: declared sorts and filters, q over the searched fields (a reference by its
  // label), the computed columns, the named filters.
  const listFields: Record<string, Partial<ListField>> = { id: { sort: true, filter: ["eq", "in"] } };
  const search: Searchable[] = [];
  const isText = (input: FieldDecl["input"]) => isTextInput(input) || input.kind === "select";
  for (const [field, f] of fieldEntries) {
    const c = col(table, field);
    const label = labelSql[field];
    const sortBy = label ? byHumanName(label) : isText(f.input) ? byHumanName(c) : true;
    if (f.sort || f.filter) listFields[field] = { column: c, ...(f.sort ? { sort: sortBy } : {}), ...(f.filter ? { filter: operators(f) } : {}) };
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
    if (c.sort || c.filter) listFields[field] = { column: expr, ...(c.sort ? { sort: isText(c.input) ? byHumanName(expr) : true } : {}), ...(c.filter ? { filter: operators(c as FieldDecl) } : {}) };
    if (c.search) search.push(expr);
  }
  const today = sql`((now() at time zone 'America/Santiago')::date)`;
  for (const [filter, d] of Object.entries(r.filters ?? {})) {
    const within = d.fields.map((f) => sql`(${col(table, f)} between ${today} and ${today} + ${sql.raw(String(Math.trunc(d.days)))})`);
    listFields[filter] = { column: sql`coalesce(${sql.join(within, sql` or `)}, false)`, filter: ["eq"], value: boolValue };
  }
  const titleCol = col(table, r.title);
  const sortCol = col(table, r.sort ?? r.title);
  const sortBy = isText(r.fields[r.sort ?? r.title].input) ? byHumanName(sortCol) : sql`${sortCol}`;
  const list = defineList({
    table,
    row: r.row,
    columns: columns as never,
    fields: listFields,
    search: search.length ? search : undefined,
    defaultSort: r.order === "desc" ? [desc(sortBy), desc(id)] : [asc(sortBy)],
    tieBreaker: id,
    cap: r.cap ?? 5_000,
    name,
  });
  const dated = Object.keys(r.filters ?? {}).length > 0;
  const answer = (db: Db, query: ListQuery) => (dated ? cachedList(db, listKey(`${name}@${todayInSantiago()}`, query), () => list.read(db, query)) : list.answer(db, query));

  // Writes.
  const uniques = fieldEntries.filter(([, f]) => f.unique);
  const references = getTableConfig(table).foreignKeys.map((fk) => ({ name: fk.getName(), field: fk.reference().columns[0].name }));
  const fieldOf = (field: string) => r.fields[field];
  const defaults = fieldEntries.filter(([, f]) => f.default);
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

  async function assertFree(tx: Tx, data: Data, exceptId?: number): Promise<void> {
    for (const [field, f] of uniques) {
      const value = data[field];
      if (value === null || value === undefined) continue;
      const c = col(table, field);
      const same = typeof value === "string" ? sql`lower(${c}) = lower(${value})` : eq(c, value);
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

  async function readRow(db: Db | Tx, rowId: number, lock = false): Promise<Row> {
    const q = db.select(columns as never).from(table).where(eq(id, rowId));
    const [row] = (await (lock ? q.for("update") : q)) as Row[];
    if (!row) throw notFound(msg.notFound);
    return row;
  }

  async function save(ctx: ServiceContext, rowId: number | null, input: Data): Promise<Row> {
    try {
      return await write(ctx, async (tx, audit) => {
        const before = rowId === null ? null : await readRow(tx, rowId, true);
        const filled = { ...input };
        for (const [field, f] of defaults) if (filled[field] === null || filled[field] === undefined) filled[field] = f.default!();
        await assertFree(tx, filled, rowId ?? undefined);
        await assertWithin(tx, filled);
        await hooks.validate?.(tx, filled, before, ctx);
        const data = (await hooks.beforeWrite?.(tx, filled, before, ctx)) ?? filled;
        let written: { id: number };
        if (rowId === null) [written] = (await tx.insert(table).values(data as never).returning({ id })) as { id: number }[];
        else [written] = (await tx.update(table).set(data as never).where(eq(id, rowId)).returning({ id })) as { id: number }[];
        const row = await readRow(tx, written.id);
        await audit({ entity: table, entityId: row.id, changes: before ? changedFields(before, row) : row });
        await hooks.afterWrite?.(tx, row, before, ctx);
        return row;
      });
    } catch (err) {
      throw mapped(err);
    }
  }

  async function remove(ctx: ServiceContext, rowId: number): Promise<Row> {
    try {
      return await write(ctx, async (tx, audit) => {
        const before = await readRow(tx, rowId, true);
        await hooks.beforeDelete?.(tx, before, ctx);
        await tx.delete(table).where(eq(id, rowId));
        await audit({ entity: table, entityId: rowId, changes: { eliminado: before } });
        await hooks.afterWrite?.(tx, null, before, ctx);
        return before;
      });
    } catch (err) {
      throw mapped(err);
    }
  }

  return { list, answer, columns, readRow, save, remove, titleCol, search, sortBy };
}

/** Registers the resource's routes under /<name>. */
export function registerResource(app: FastifyInstance, r: AnyResource, table: PgTable, hooks: ResourceHooks = {}): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const s = resourceRoutes(r, table, hooks);
  const permission = (access: "read" | "write"): { permission: RoutePermission } => ({ permission: { section: r.section, access, roles: access === "read" ? r.readers : r.writers } });
  const read = permission("read");
  const writeAccess = permission("write");
  const tags = [r.section];
  const base = `/${r.name}`;
  const searched = Object.values(r.fields).filter((f) => f.search).map((f) => f.label.toLowerCase());
  // The pickers match the searched columns (a phone's digits are the list's alone).
  const columnsSearched = s.search.filter((c) => typeof c !== "function");
  const match = columnsSearched.length ? columnsSearched : [s.titleCol];

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
    async (req, reply) => sendList(req, reply, await s.answer(req.server.database.db, req.query as ListQuery)),
  );

  api.get(
    `${base}/sugerencias`,
    {
      config: read,
      schema: {
        tags,
        summary: `Hasta 20 ${r.plural} que contienen q, el de ${r.fields[r.title].label.toLowerCase()} exacto primero`,
        querystring: z.object({ q: z.string().max(200).optional() }).strict(),
        response: { 200: z.array(r.row), ...refusals },
      },
    },
    async (req) =>
      suggestions<Row>(req.server.database.db, { table, columns: s.columns as never, match: match as never, exact: s.titleCol, orderBy: [asc(s.sortBy), asc(s.columns.id as AnyColumn)] }, req.query.q),
  );

  api.get(
    `${base}/:id`,
    { config: read, schema: { tags, summary: `Un ${r.singular}`, params: idParams, response: { 200: r.row, ...refusals, 404: errorBody } } },
    async (req) => s.readRow(req.server.database.db, req.params.id),
  );

  api.post(
    base,
    { config: writeAccess, schema: { tags, summary: `Crear ${r.singular}`, body: r.body, response: { 201: r.row, ...refusals, 409: errorBody } } },
    async (req, reply) => reply.status(201).send(await s.save(contextOf(req), null, req.body as Data)),
  );

  api.put(
    `${base}/:id`,
    { config: writeAccess, schema: { tags, summary: `Modificar ${r.singular}`, params: idParams, body: r.body, response: { 200: r.row, ...refusals, 404: errorBody, 409: errorBody } } },
    async (req) => s.save(contextOf(req), req.params.id, req.body as Data),
  );

  api.delete(
    `${base}/:id`,
    {
      config: writeAccess,
      schema: { tags, summary: `Eliminar ${r.singular} (409 si otros registros lo usan)`, params: idParams, response: { 200: r.row, ...refusals, 404: errorBody, 409: errorBody } },
    },
    async (req) => s.remove(contextOf(req), req.params.id),
  );
}
