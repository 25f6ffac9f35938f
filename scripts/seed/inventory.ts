// Warehouse history: for every product an opening count (an adjustment "Inventario
// inicial"), then receipts and count corrections in date order; then the exits to the
// works: each work that has started takes materials (its pautas' products first) worth
// its budget less a margin, in proportion to how far it has gone (workCostPlan: the
// utility of a finished work mostly 10–35 %, a few at a loss), a receipt first when the
// stock would not cover an exit. Every movement goes through the seed ledger (movements
// and each product's stock agree), with its salidas_inventario and ajustes_stock rows;
// plus warehouse requests, some approved. Bench: about 140,000 movements; a number scale
// keeps the bench proportions (BENCH_SCALE=10: about 1.4 million).
import { sql } from "drizzle-orm";
import { ajusteComentario } from "../../src/domain/inventory/adjustment";
import type { Db } from "../../server/db/connect";
import { write } from "../../server/services/write";
import { clientCount, type AreaOptions, type SeedCounts } from "./common";
import { insertJson, type Columns } from "./insert";
import { createRandom, type Random } from "./random";
import { MATERIAL_STAGES, WORK_STAGES } from "../../src/domain/sales/tracking";

const SALIDA_COLUMNS: Columns = [
  ["id", "integer"], ["fecha", "timestamptz"], ["codigo", "text"], ["producto", "text"], ["cantidad", "numeric"], ["precio_neto", "numeric"],
  ["cliente_id", "integer"], ["presupuesto_id", "integer"], ["cliente_nombre", "text"], ["presupuesto_numero", "text"], ["nombre_obra", "text"],
  ["observacion", "text"], ["usuario_id", "integer"],
];
const AJUSTE_COLUMNS: Columns = [
  ["id", "integer"], ["fecha", "timestamptz"], ["codigo", "text"], ["producto", "text"], ["stock_anterior", "numeric"], ["diferencia", "numeric"],
  ["stock_nuevo", "numeric"], ["comentario", "text"], ["usuario", "text"], ["usuario_id", "integer"],
];
const SOLICITUD_COLUMNS: Columns = [
  ["codigo", "text"], ["producto", "text"], ["cantidad", "numeric"], ["solicitante", "text"], ["estado", "text"], ["fecha_creacion", "timestamptz"],
  ["fecha_aprobacion", "timestamptz"], ["aprobado_por", "text"], ["aprobado_por_id", "integer"], ["creado_por_id", "integer"],
];

const DAY = 86_400_000;

export async function seedInventory(db: Db, opts: AreaOptions): Promise<SeedCounts> {
  const r = createRandom("ventanal-inventario");
  // The bench and the number scales (BENCH_SCALE) share the bench proportions.
  const bench = opts.scale !== "demo";
  const perProduct = bench ? 20 : 8;
  /** Receipts and counts per product; the exits come from the works below. */
  const historyPerProduct = Math.ceil(perProduct * 0.45);
  const products = (
    await db.execute<{ codigo: string; producto: string; precio: string; unidad: string; minimo: string }>(
      sql`select codigo, producto, precio_unitario::text as precio, unidad, stock_minimo::text as minimo from materiales order by codigo`,
    )
  ).rows;
  // A separate stream, so the rest of the history stays what it was.
  const short = createRandom("ventanal-faltantes");
  const quotes = (
    await db.execute<{ id: number; cliente_id: number; numero: string; nombre_obra: string | null; cliente_nombre: string; fecha: string; neto: number } & Record<(typeof WORK_STAGES)[number], boolean>>(
      sql`select p.id, p.cliente_id, p.numero, p.nombre_obra, c.nombre as cliente_nombre, p.fecha::text as fecha, p.total_neto_presupuestado::float8 as neto, ${sql.raw(WORK_STAGES.map((st) => `s.${st}`).join(", "))}
            from presupuestos p join clientes c on c.id = p.cliente_id join seguimiento_obras s on s.presupuesto_id = p.id order by p.id`,
    )
  ).rows;
  const lines = (await db.execute<{ codigo: string; presupuesto_id: number; cantidad: string }>(sql`select codigo, presupuesto_id, cantidad::text from pautas`)).rows;
  const users = (await db.execute<{ id: number; nombre: string; rol: string }>(sql`select id, nombre, rol from usuarios where rol in ('Bodega', 'Adquisiciones', 'Gerencia') order by id`)).rows;
  const bodega = users.find((u) => u.rol === "Bodega") ?? users[0] ?? null;
  const buyer = users.find((u) => u.rol === "Adquisiciones") ?? bodega;
  if (products.length === 0 || quotes.length === 0) return {};

  const pautaCodes = new Map<number, string[]>();
  for (const l of lines) {
    const list = pautaCodes.get(l.presupuesto_id) ?? [];
    list.push(l.codigo);
    pautaCodes.set(l.presupuesto_id, list);
  }
  const productByCode = new Map(products.map((p) => [p.codigo, p]));

  const salidas: Record<string, unknown>[] = [];
  const ajustes: Record<string, unknown>[] = [];
  const now = Date.now();
  const ledger = opts.ledger;

  for (const p of products) {
    const precio = Number(p.precio);
    let t = now - (perProduct * 6 + r.int(0, 30)) * DAY;
    const at = () => {
      t += r.int(1, 10) * DAY + r.int(0, 8 * 3600) * 1000;
      return new Date(Math.min(t, now - 60_000)).toISOString();
    };
    const ajuste = (fecha: string, diferencia: number, comentario?: string) => {
      const before = ledger.stock(p.codigo);
      const id = ajustes.length + 1;
      if (!ledger.move({ fecha, codigo: p.codigo, tipo: "AJUSTE", cantidad: diferencia, documento: `Ajuste ${id}`, ajuste_id: id, usuario_id: bodega?.id ?? null })) return;
      const usuario = bodega?.nombre ?? "Usuario";
      ajustes.push({
        id, fecha, codigo: p.codigo, producto: p.producto, stock_anterior: before, diferencia, stock_nuevo: ledger.stock(p.codigo),
        comentario: comentario ?? ajusteComentario(diferencia, usuario), usuario, usuario_id: bodega?.id ?? null,
      });
    };
    // Opening count.
    ajuste(at(), r.int(10, 200), "Inventario inicial");
    for (let i = 1; i < historyPerProduct; i++) {
      const fecha = at();
      const kind = r.weighted([["INGRESO", 35], ["AJUSTE", 10]] as const);
      const stock = ledger.stock(p.codigo);
      if (kind === "INGRESO" || stock < 1) {
        ledger.move({ fecha, codigo: p.codigo, tipo: "INGRESO", cantidad: r.int(10, 120), precio_unitario: precio, documento: "Recepción histórica", usuario_id: bodega?.id ?? null });
      } else {
        ajuste(fecha, r.chance(0.6) ? -Math.min(stock, r.int(1, 3)) : r.int(1, 3), r.chance(0.5) ? "Conteo cíclico" : undefined);
      }
    }
    // About one product in twelve ends below its minimum after a count (breakage, a miscount
    // found): the warehouse's "Bajo Stock" and "Faltantes" have something to show.
    const minimo = Number(p.minimo);
    const stock = ledger.stock(p.codigo);
    if (minimo > 0 && stock >= minimo && short.chance(1 / 12)) {
      ajuste(at(), -(stock - short.int(0, minimo - 1)), "Conteo cíclico: merma y quiebres");
    }
  }

  // The works' exits: materials worth each started work's planned cost.
  const costs = createRandom("ventanal-costos");
  const plans = workCostPlan(costs, quotes);
  for (const { quote: q, cost, linesWanted } of plans) {
    const codes = [...new Set(pautaCodes.get(q.id) ?? [])].filter((c) => productByCode.has(c));
    while (codes.length < linesWanted) codes.push(costs.pick(products).codigo);
    const chosen = codes.slice(0, linesWanted).map((c) => productByCode.get(c)!);
    // The cheapest product goes last and takes what is left, so the sum lands near the plan.
    chosen.sort((a, b) => Number(b.precio) - Number(a.precio));
    const weights = chosen.map(() => 0.5 + costs.next());
    const wsum = weights.reduce((a, b) => a + b, 0);
    let left = cost;
    let day = q.fecha;
    const todayIso = new Date(now).toISOString().slice(0, 10);
    chosen.forEach((p, k) => {
      const precio = Number(p.precio) || 1000;
      const share = k === chosen.length - 1 ? left : (cost * weights[k]) / wsum;
      const cantidad = Math.max(1, Math.round(share / precio));
      left -= cantidad * precio;
      const next = addDaysIso(day, costs.int(2, 12));
      day = next > todayIso ? todayIso : next;
      const fecha = `${day}T${String(costs.int(9, 17)).padStart(2, "0")}:30:00-04:00`;
      const stock = ledger.stock(p.codigo);
      if (stock < cantidad) {
        ledger.move({ fecha, codigo: p.codigo, tipo: "INGRESO", cantidad: cantidad - stock + costs.int(5, 40), precio_unitario: precio, documento: "Recepción histórica", usuario_id: bodega?.id ?? null });
      }
      const id = salidas.length + 1;
      if (!ledger.move({ fecha, codigo: p.codigo, tipo: "SALIDA", cantidad: -cantidad, precio_unitario: precio, documento: `Salida ${id} · Presupuesto ${q.numero}`, salida_id: id, usuario_id: bodega?.id ?? null })) return;
      salidas.push({
        id, fecha, codigo: p.codigo, producto: p.producto, cantidad, precio_neto: precio, cliente_id: q.cliente_id, presupuesto_id: q.id,
        cliente_nombre: q.cliente_nombre, presupuesto_numero: q.numero, nombre_obra: q.nombre_obra, observacion: costs.chance(0.2) ? "Retira maestro de obra" : null,
        usuario_id: bodega?.id ?? null,
      });
    });
  }

  const solicitudes: Record<string, unknown>[] = [];
  const nSolicitudes = bench ? Math.round((500 * clientCount(opts.scale)) / 2000) : 24;
  for (let i = 0; i < nSolicitudes; i++) {
    const p = r.pick(products);
    const creada = now - r.int(0, 60) * DAY - r.int(0, 86_000) * 1000;
    const aprobada = r.chance(0.6);
    solicitudes.push({
      codigo: p.codigo, producto: p.producto, cantidad: r.int(1, 40), solicitante: bodega?.nombre ?? "Bodega", estado: aprobada ? "Aprobado" : "Pendiente",
      fecha_creacion: new Date(creada).toISOString(), fecha_aprobacion: aprobada ? new Date(Math.min(now, creada + r.int(1, 48) * 3_600_000)).toISOString() : null,
      aprobado_por: aprobada ? (buyer?.nombre ?? null) : null, aprobado_por_id: aprobada ? (buyer?.id ?? null) : null, creado_por_id: bodega?.id ?? null,
    });
  }

  await write({ db, user: null, route: "seed" }, async (tx, audit) => {
    await insertJson(tx, "salidas_inventario", SALIDA_COLUMNS, salidas);
    await insertJson(tx, "ajustes_stock", AJUSTE_COLUMNS, ajustes);
    await insertJson(tx, "solicitudes_bodega", SOLICITUD_COLUMNS, solicitudes);
    // Explicit ids (the movements name them): the sequences continue after them.
    await tx.execute(sql`select setval(pg_get_serial_sequence('salidas_inventario', 'id'), greatest((select max(id) from salidas_inventario), 1))`);
    await tx.execute(sql`select setval(pg_get_serial_sequence('ajustes_stock', 'id'), greatest((select max(id) from ajustes_stock), 1))`);
    await audit({ entity: "inventario", entityId: null, changes: { semilla: { salidas: salidas.length, ajustes: ajustes.length, solicitudes: solicitudes.length } } });
  });
  return { salidas_inventario: salidas.length, ajustes_stock: ajustes.length, solicitudes_bodega: solicitudes.length };
}

const addDaysIso = (date: string, n: number) => new Date(Date.parse(`${date}T12:00:00Z`) + n * DAY).toISOString().slice(0, 10);

type StageFlags = Record<(typeof WORK_STAGES)[number], boolean>;

/**
 * How much of its budget each work has spent on materials: a work takes materials once
 * its material stages start and all of them by "fabricacion". Its margin: mostly 11–34 %,
 * some 36–42 %, and every eighth finished work a loss (2–12 % over budget).
 */
export function workCostPlan<Q extends StageFlags & { neto: number }>(r: Random, quotes: readonly Q[]): { quote: Q; cost: number; margin: number; linesWanted: number }[] {
  const out: { quote: Q; cost: number; margin: number; linesWanted: number }[] = [];
  let finished = 0;
  for (const q of quotes) {
    const materials = MATERIAL_STAGES.filter((st) => q[st]).length;
    const done = q.fabricacion || q.acopio || q.despacho || q.instalacion || q.recepcion_final || q.pago;
    const progress = done ? 1 : materials / MATERIAL_STAGES.length;
    if (progress === 0 || q.neto <= 0) continue;
    const loss = done && finished++ % 8 === 3;
    const margin = loss ? -(0.02 + r.next() * 0.1) : r.chance(0.9) ? 0.11 + r.next() * 0.23 : 0.36 + r.next() * 0.06;
    out.push({ quote: q, cost: Math.round(q.neto * (1 - margin) * progress), margin, linesWanted: r.int(4, 8) });
  }
  return out;
}
