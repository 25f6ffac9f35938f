// A declared resource's routes (src/domain/resources/define-resource.ts), with no code of
// its own: GET list (server/lists: paging, sort, q, declared filters, 400 on the rest,
// cached), GET /sugerencias?q=, GET /:id, POST, PUT /:id, DELETE /:id. Every write goes
// through write() with its audit row; a unique value taken is a 409 on its field, a
// reference to a record that does not exist is a 409 on the referencing field, and a
// record other records point to cannot be deleted (409). The role check is the
// declaration's readers/writers within its section. Custom behaviour is a hook
// (ResourceHooks), never a copy of this file.
import { and, asc, eq, getTableName, ne, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { getTableConfig, type PgColumn, type PgTable } from "drizzle-orm/pg-core";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { todayInSantiago } from "../../src/domain/dates/dates";
import type { AnyResource, FieldDecl } from "../../src/domain/resources/define-resource";
import type { RoutePermission } from "../../src/domain/roles/roles";
import type { Db } from "../db/connect";
import { conflict, isForeignKeyViolation, isUniqueViolation, notFound, pgErrorOf } from "../errors";
import { byHumanName, defineList, sendList, suggestions, type ListField, type ListQuery, type Searchable } from "../lists";
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
}

const col = (table: PgTable, name: string): PgColumn => {
  const c = (table as unknown as Record<string, PgColumn | undefined>)[name];
  if (!c) throw new Error(`Recurso ${getTableName(table)}: la tabla no tiene la columna «${name}».`);
  return c;
};

const boolValue = z.enum(["true", "false"], { error: "Debe ser true o false" }).transform((v) => v === "true");

/** The filter operators a field's input allows. */
function operators(f: FieldDecl): ListField["filter"] {
  switch (f.input.kind) {
    case "text":
    case "rut":
      return ["eq", "like"];
    case "select":
    case "reference":
      return ["eq", "in"];
    default:
      return ["eq", "gte", "lte", "lt", "gt"];
  }
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

  // The row: id, the fields, each reference's label (a correlated subquery naming both sides).
  const columns: Record<string, AnyColumn | SQL.Aliased> = { id };
  for (const [field, f] of fieldEntries) {
    columns[field] = col(table, field);
    if (f.input.kind === "reference") {
      const label = r.labels[field];
      columns[label] = sql<string | null>`(select x.${sql.identifier(f.input.label)} from ${sql.identifier(f.input.resource)} x where x.id = ${sql.identifier(name)}.${sql.identifier(field)})`.as(label);
    }
  }

  // The list: declared sorts and filters, q over the searched fields, the named filters.
  const listFields: Record<string, Partial<ListField>> = { id: { sort: true, filter: ["eq", "in"] } };
  const search: Searchable[] = [];
  for (const [field, f] of fieldEntries) {
    const c = col(table, field);
    const text = ["text", "rut", "select"].includes(f.input.kind);
    if (f.sort || f.filter) listFields[field] = { column: c, ...(f.sort ? { sort: text ? byHumanName(c) : true } : {}), ...(f.filter ? { filter: operators(f) } : {}) };
    if (f.search) {
      search.push(c);
      if (f.input.kind === "rut") search.push(sql`replace(${c}, '.', '')`);
    }
  }
  const today = sql`((now() at time zone 'America/Santiago')::date)`;
  for (const [filter, d] of Object.entries(r.filters ?? {})) {
    const within = d.fields.map((f) => sql`(${col(table, f)} between ${today} and ${today} + ${sql.raw(String(Math.trunc(d.days)))})`);
    listFields[filter] = { column: sql`coalesce(${sql.join(within, sql` or `)}, false)`, filter: ["eq"], value: boolValue };
  }
  const titleCol = col(table, r.title);
  const sortCol = col(table, r.sort ?? r.title);
  const sortBy = ["text", "rut", "select"].includes(r.fields[r.sort ?? r.title].input.kind) ? byHumanName(sortCol) : sql`${sortCol}`;
  const list = defineList({
    table,
    row: r.row,
    columns: columns as never,
    fields: listFields,
    search: search.length ? search : undefined,
    defaultSort: [asc(sortBy)],
    tieBreaker: id,
    cap: 5_000,
    name,
  });
  const dated = Object.keys(r.filters ?? {}).length > 0;
  const answer = (db: Db, query: ListQuery) => list.answer(db, query, dated ? `${name}@${todayInSantiago()}` : name);

  // Writes.
  const uniques = fieldEntries.filter(([, f]) => f.unique);
  const references = getTableConfig(table).foreignKeys.map((fk) => ({ name: fk.getName(), field: fk.reference().columns[0].name }));
  const fieldOf = (field: string) => r.fields[field];

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
      const hit = uniques.find(([field]) => info?.constraint === `${name}_${field}_uq`);
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
        await assertFree(tx, input, rowId ?? undefined);
        await hooks.validate?.(tx, input, before, ctx);
        const data = (await hooks.beforeWrite?.(tx, input, before, ctx)) ?? input;
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
  const match = s.search.length ? s.search : [s.titleCol];

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
