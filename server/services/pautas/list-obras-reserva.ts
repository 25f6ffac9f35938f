// GET api/stock-reservado/obras (ours, additive): the "Stock reservado por OT" screen a
// page of works at a time. A work is listed while it is active (its tracking record has
// recepcion_final false, specification section 4) and has pauta lines; each comes with
// all its lines (every category), so the screen never downloads the eight whole lists.
// Newest quote first; q finds the quote number, the work, the client, or a code or
// product of its lines; pendientes_gt=0 keeps works with lines still to set aside.
import { asc, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { PAUTA_CATEGORIES } from "../../../src/domain/pautas/categories";
import { obraReservaRow, type ObraReservaRow, type PautaRow } from "../../../src/domain/pautas/schemas";
import type { Db } from "../../db/connect";
import { clientes, pautas, presupuestos } from "../../db/schema";
import { byHumanName, contains, defineList, type ListQuery, type ListResult } from "../../lists";
import { cachedList, listKey, type CachedList } from "../../lists/cache";
import { pautaColumns, pautaPresupuesto } from "./pauta-row";

const lineasDe = (extra?: SQL) => sql<number>`(select count(*)::int from ${pautas} where ${pautas.presupuesto_id} = ${presupuestos.id}${extra ? sql` and ${extra}` : sql``})`;


/** q over the work's lines: a code or a product of them contains the text. */
const lineMatches = (q: string) =>
  sql`exists (select 1 from ${pautas} where ${pautas.presupuesto_id} = ${presupuestos.id} and (${or(contains(pautas.codigo, q), contains(pautas.producto, q))!}))`;

const headerRow = obraReservaRow.omit({ pautas: true });
type Header = z.infer<typeof headerRow>;

export const obrasReservaList = defineList({
  name: "stock-reservado/obras",
  table: presupuestos,
  row: headerRow,
  columns: {
    presupuesto_id: presupuestos.id,
    numero_presupuesto: presupuestos.numero,
    cliente_id: presupuestos.cliente_id,
    cliente_nombre: clientes.nombre,
    nombre_obra: presupuestos.nombre_obra,
    lineas: lineasDe(),
    separadas: lineasDe(sql`${pautas.separado}`),
  },
  joins: [{ table: clientes, on: eq(clientes.id, presupuestos.cliente_id) }],
  // Active with pauta lines: the flag kept by triggers (server/services/derived/obras.ts,
  // reservaActivaDe), read through its partial index a page at a time.
  where: sql`${presupuestos.reserva_activa}`,
  fields: {
    presupuesto_id: { sort: true, filter: ["eq", "in"] },
    numero_presupuesto: { sort: true, filter: ["eq", "like"] },
    cliente_id: { filter: ["eq", "in"] },
    cliente_nombre: { sort: byHumanName(clientes.nombre), filter: ["like"] },
    nombre_obra: { sort: byHumanName(presupuestos.nombre_obra), filter: ["like"] },
    pendientes: { column: lineasDe(sql`not ${pautas.separado}`), filter: ["gt", "eq"], value: z.coerce.number({ error: "pendientes: debe ser un número" }).int("pendientes: debe ser un número entero") },
  },
  search: [presupuestos.numero, presupuestos.nombre_obra, clientes.nombre, lineMatches],
  defaultSort: [desc(presupuestos.creado_en), desc(presupuestos.id)],
  tieBreaker: presupuestos.id,
  cap: 50,
  // Most quotes are active works, so the planner scanned presupuestos for the capped total
  // (×10: 2,555 pages for the first 1,001, 2 ms of CPU at every request with writes going
  // on); in the list's order it follows presupuestos_reserva_activa_idx.
  countInOrder: true,
});

const CATEGORY_ORDER = sql.raw(`array_position(array[${PAUTA_CATEGORIES.map((c) => `'${c}'`).join(",")}]::text[], "pautas"."categoria")`);

/** The works of the page and all their lines (by category in the specification's order, then code): two queries. */
async function readObras(db: Db, query: ListQuery): Promise<ListResult<ObraReservaRow>> {
  const { rows, ...total } = await obrasReservaList.read(db, query);
  const ids = (rows as Header[]).map((r) => r.presupuesto_id);
  const lines: PautaRow[] = ids.length
    ? await db
        .select(pautaColumns)
        .from(pautas)
        .innerJoin(presupuestos, pautaPresupuesto)
        .where(inArray(pautas.presupuesto_id, ids))
        .orderBy(asc(pautas.presupuesto_id), asc(CATEGORY_ORDER), asc(pautas.codigo), asc(pautas.id))
    : [];
  const byQuote = new Map<number, PautaRow[]>(ids.map((id) => [id, []]));
  for (const l of lines) byQuote.get(l.presupuesto_id)?.push(l);
  return { rows: (rows as Header[]).map((r) => ({ ...r, pautas: byQuote.get(r.presupuesto_id) ?? [] })), ...total };
}

/** The answer, reused while the tables it read are unchanged (the list cache). */
export function answerObrasReserva(db: Db, query: ListQuery): Promise<CachedList> {
  return cachedList(db, listKey(obrasReservaList.name, query), () => readObras(db, query));
}
