// POST api/ot_pautas/{category}/lote and POST api/ot_pautas/lote: a quote's pauta lines,
// one category or all of them, in one transaction (all lines or none).
//
// - The client and the quote must exist and belong together, else 400 "Cliente o
//   presupuesto no válido en la base de datos." and nothing is written.
// - Lines of the same code add up: first within the batch (here, with the domain's
//   exact sums), then with what the quote already has for that category (the unique
//   index (presupuesto_id, categoria, codigo) and INSERT … ON CONFLICT DO UPDATE).
// - A quantity given by hand (`cantidad` without `cantidad_original`) is stored as given
//   (issue 23.10). A list's quantity (`cantidad_original`, the CSV import) is converted by
//   the server: pautaCantidad, bars of 5.8 m for perfiles and refuerzos, rounded up for
//   the rest. The original of a line adds both (a bar given by hand counts 5.8 m).
// - When a code is added to an existing line, the line gets what is given by hand plus the
//   bars its added-up original quantity needs beyond what its old original needed
//   (⌈total⌉ − ⌈before⌉), so 2,9 m + 2,9 m stay one bar, and a quantity corrected by hand
//   (PUT) keeps its correction.
// - All the lines go in one statement (json_to_recordset): a 10,000-line CSV is one
//   round trip, and the answer is one row per category. Rows are sent ordered by category
//   and code, so two batches for the same quote lock their lines in the same order (no
//   deadlock).
import { eq, sql } from "drizzle-orm";
import { BAR_CATEGORIES, BAR_LENGTH_M, PAUTA_CATEGORIES, pautaLineFromParts, type PautaCategory } from "../../../src/domain/pautas/categories";
import { fromQtyUnits, toQtyUnits } from "../../../src/domain/inventory/quantity";
import type { PautaItemData, PautaLoteResult } from "../../../src/domain/pautas/schemas";
import { MSG_PAUTA_CLIENTE_INVALIDO, MSG_PAUTA_GUARDADA } from "../../../src/domain/pautas/validation";
import { pautas, presupuestos } from "../../db/schema";
import { badRequest } from "../../errors";
import { write, type ServiceContext } from "../write";

export interface PautaLoteHeader {
  cliente_id: number;
  presupuesto_id: number;
}

const invalid = (field: "cliente_id" | "presupuesto_id") => badRequest(MSG_PAUTA_CLIENTE_INVALIDO, { [field]: [MSG_PAUTA_CLIENTE_INVALIDO] });

/** What a stored line's original quantity is divided by before rounding up: the bar length, or 1. */
const DIVISOR = sql.raw(`(case when p.categoria in (${BAR_CATEGORIES.map((c) => `'${c}'`).join(", ")}) then ${BAR_LENGTH_M} else 1 end)`);

interface LineValues {
  categoria: PautaCategory;
  codigo: string;
  producto: string;
  cantidad: number;
  cantidad_original: number;
  /** Given by hand (stored as given). */
  por_mano: number;
  /** A list's original quantity (converted to bars or rounded up). */
  de_lista: number;
}

/** The batch's lines with the same code added up per category, and the quantity each needs. */
export function pautaLineValues(byCategory: Partial<Record<PautaCategory, readonly PautaItemData[]>>): LineValues[] {
  const out: LineValues[] = [];
  for (const categoria of PAUTA_CATEGORIES) {
    const items = byCategory[categoria];
    if (!items?.length) continue;
    const byCode = new Map<string, { producto: string; mano: number; lista: number }>();
    for (const i of items) {
      const seen = byCode.get(i.codigo) ?? { producto: i.producto, mano: 0, lista: 0 };
      seen.mano += toQtyUnits(i.cantidad ?? 0);
      seen.lista += toQtyUnits(i.cantidad_original ?? 0);
      byCode.set(i.codigo, seen);
    }
    const lines = [...byCode].map(([codigo, l]) => {
      const parts = { porMano: fromQtyUnits(l.mano), deLista: fromQtyUnits(l.lista) };
      return { categoria, codigo, producto: l.producto, ...pautaLineFromParts(categoria, parts), por_mano: parts.porMano, de_lista: parts.deLista };
    });
    lines.sort((a, b) => (a.codigo < b.codigo ? -1 : a.codigo > b.codigo ? 1 : 0));
    out.push(...lines);
  }
  return out;
}

export async function savePautas(
  ctx: ServiceContext,
  header: PautaLoteHeader,
  byCategory: Partial<Record<PautaCategory, readonly PautaItemData[]>>,
): Promise<PautaLoteResult> {
  const lineas = PAUTA_CATEGORIES.reduce((n, c) => n + (byCategory[c]?.length ?? 0), 0);
  const values = pautaLineValues(byCategory);
  return write(ctx, async (tx, audit) => {
    const [quote] = await tx
      .select({ id: presupuestos.id, numero: presupuestos.numero, cliente_id: presupuestos.cliente_id })
      .from(presupuestos)
      .where(eq(presupuestos.id, header.presupuesto_id));
    if (!quote) throw invalid("presupuesto_id");
    if (quote.cliente_id !== header.cliente_id) throw invalid("cliente_id");

    // The batch is a CTE. Its lines the quote already has are updated through a join (one
    // pass, the batch line's parts at hand); the others are inserted. A line another batch
    // inserted since this statement's snapshot conflicts on the unique index: its update
    // needs the batch line's parts, which are not columns of the table (`excluded` has only
    // those), so it reads them from one object keyed by category and code (`partes`, built
    // only when such a conflict happens; a lookup per line), never by scanning the batch per
    // line (10,000 lines: 10⁸ comparisons). The answer is one row per category.
    const result = await tx.execute<{ categoria: PautaCategory; lineas: number; creadas: number }>(sql`
      with x as materialized (
        select * from json_to_recordset(${JSON.stringify(values)}::json)
          as r(categoria text, codigo text, producto text, cantidad numeric, cantidad_original numeric, por_mano numeric, de_lista numeric)
      ),
      existentes as (
        update ${pautas} as p set
          cantidad = p.cantidad + x.por_mano + ceil((p.cantidad_original + x.de_lista) / ${DIVISOR}) - ceil(p.cantidad_original / ${DIVISOR}),
          cantidad_original = p.cantidad_original + x.cantidad_original,
          cliente_id = ${quote.cliente_id}::integer,
          numero_presupuesto = ${quote.numero}::text
        from x
        where p.presupuesto_id = ${quote.id}::integer and p.categoria = x.categoria and p.codigo = x.codigo
        returning p.categoria, p.codigo
      ),
      partes as (
        select jsonb_object_agg(categoria, codigos) as j
        from (select categoria, jsonb_object_agg(codigo, jsonb_build_array(por_mano, de_lista)) as codigos from x group by categoria) c
      ),
      nuevas as (
        insert into ${pautas} as p (categoria, cliente_id, presupuesto_id, numero_presupuesto, codigo, producto, cantidad, cantidad_original)
        select x.categoria, ${quote.cliente_id}::integer, ${quote.id}::integer, ${quote.numero}::text, x.codigo, x.producto, x.cantidad, x.cantidad_original
        from x
        where not exists (select 1 from existentes e where e.categoria = x.categoria and e.codigo = x.codigo)
        on conflict (presupuesto_id, categoria, codigo) do update set
          cantidad = p.cantidad
            + ((select j from partes) #>> array[excluded.categoria, excluded.codigo, '0'])::numeric
            + ceil((p.cantidad_original + ((select j from partes) #>> array[excluded.categoria, excluded.codigo, '1'])::numeric) / ${DIVISOR})
            - ceil(p.cantidad_original / ${DIVISOR}),
          cantidad_original = p.cantidad_original + excluded.cantidad_original,
          cliente_id = excluded.cliente_id,
          numero_presupuesto = excluded.numero_presupuesto
        returning p.categoria, (p.xmax = 0) as creada
      )
      select categoria, count(*)::integer as lineas, (count(*) filter (where creada))::integer as creadas
      from (select categoria, false as creada from existentes union all select categoria, creada from nuevas) t
      group by categoria`);

    const porCategoria: Partial<Record<PautaCategory, number>> = {};
    let creadas = 0;
    let guardadas = 0;
    // In the categories' order (as the lines were sent).
    const rows = [...result.rows].sort((a, b) => PAUTA_CATEGORIES.indexOf(a.categoria) - PAUTA_CATEGORIES.indexOf(b.categoria));
    for (const r of rows) {
      porCategoria[r.categoria] = r.lineas;
      creadas += r.creadas;
      guardadas += r.lineas;
    }
    const answer: PautaLoteResult = {
      message: MSG_PAUTA_GUARDADA,
      presupuesto_id: quote.id,
      lineas,
      creadas,
      actualizadas: guardadas - creadas,
      por_categoria: porCategoria,
    };
    // What was added, per category and code (original quantities): enough to trace the batch.
    const agregado: Partial<Record<PautaCategory, Record<string, number>>> = {};
    for (const v of values) (agregado[v.categoria] ??= {})[v.codigo] = v.cantidad_original;
    await audit({
      entity: pautas,
      entityId: quote.id,
      changes: { cliente_id: quote.cliente_id, presupuesto_id: quote.id, numero_presupuesto: quote.numero, lineas, creadas, actualizadas: answer.actualizadas, agregado },
    });
    return answer;
  });
}
