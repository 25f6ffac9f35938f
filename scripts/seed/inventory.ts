// Warehouse history: for every product an opening count (an adjustment "Inventario
// inicial"), then receipts, exits to works (preferably works whose pautas name the
// product) and count corrections, in date order, each through the seed ledger (so the
// movements and each product's stock agree), with their salidas_inventario and
// ajustes_stock rows; plus warehouse requests, some approved. Bench: 5,000 products × 20
// movements = 100,000 movements. Demo: about 8 per product.
import { sql } from "drizzle-orm";
import { ajusteComentario } from "../../src/domain/inventory/adjustment";
import type { Db } from "../../server/db/connect";
import { write } from "../../server/services/write";
import type { AreaOptions, SeedCounts } from "./common";
import { insertJson, type Columns } from "./insert";
import { createRandom } from "./random";

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
  const bench = opts.scale === "bench";
  const perProduct = bench ? 20 : 8;
  const products = (
    await db.execute<{ codigo: string; producto: string; precio: string; unidad: string; minimo: string }>(
      sql`select codigo, producto, precio_unitario::text as precio, unidad, stock_minimo::text as minimo from materiales order by codigo`,
    )
  ).rows;
  // A separate stream, so the rest of the history stays what it was.
  const short = createRandom("ventanal-faltantes");
  const quotes = (
    await db.execute<{ id: number; cliente_id: number; numero: string; nombre_obra: string | null; cliente_nombre: string }>(
      sql`select p.id, p.cliente_id, p.numero, p.nombre_obra, c.nombre as cliente_nombre from presupuestos p join clientes c on c.id = p.cliente_id order by p.id`,
    )
  ).rows;
  const lines = (await db.execute<{ codigo: string; presupuesto_id: number; cantidad: string }>(sql`select codigo, presupuesto_id, cantidad::text from pautas`)).rows;
  const users = (await db.execute<{ id: number; nombre: string; rol: string }>(sql`select id, nombre, rol from usuarios where rol in ('Bodega', 'Adquisiciones', 'Gerencia') order by id`)).rows;
  const bodega = users.find((u) => u.rol === "Bodega") ?? users[0] ?? null;
  const buyer = users.find((u) => u.rol === "Adquisiciones") ?? bodega;
  if (products.length === 0 || quotes.length === 0) return {};

  const quoteById = new Map(quotes.map((q) => [q.id, q]));
  const needs = new Map<string, { presupuesto_id: number; cantidad: number }[]>();
  for (const l of lines) {
    const list = needs.get(l.codigo) ?? [];
    list.push({ presupuesto_id: l.presupuesto_id, cantidad: Number(l.cantidad) });
    needs.set(l.codigo, list);
  }

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
    const forWorks = needs.get(p.codigo) ?? [];
    for (let i = 1; i < perProduct; i++) {
      const fecha = at();
      const kind = r.weighted([["SALIDA", 55], ["INGRESO", 35], ["AJUSTE", 10]] as const);
      const stock = ledger.stock(p.codigo);
      if (kind === "INGRESO" || stock < 1) {
        ledger.move({ fecha, codigo: p.codigo, tipo: "INGRESO", cantidad: r.int(10, 120), precio_unitario: precio, documento: "Recepción histórica", usuario_id: bodega?.id ?? null });
      } else if (kind === "SALIDA") {
        const need = forWorks.length > 0 && r.chance(0.7) ? r.pick(forWorks) : null;
        const q = need ? quoteById.get(need.presupuesto_id)! : r.pick(quotes);
        const cantidad = Math.max(1, Math.min(stock, need ? Math.ceil(need.cantidad / 2) : r.int(1, 15)));
        const id = salidas.length + 1;
        if (!ledger.move({ fecha, codigo: p.codigo, tipo: "SALIDA", cantidad: -cantidad, precio_unitario: precio, documento: `Salida ${id} · Presupuesto ${q.numero}`, salida_id: id, usuario_id: bodega?.id ?? null })) continue;
        salidas.push({
          id, fecha, codigo: p.codigo, producto: p.producto, cantidad, precio_neto: precio, cliente_id: q.cliente_id, presupuesto_id: q.id,
          cliente_nombre: q.cliente_nombre, presupuesto_numero: q.numero, nombre_obra: q.nombre_obra, observacion: r.chance(0.2) ? "Retira maestro de obra" : null,
          usuario_id: bodega?.id ?? null,
        });
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

  const solicitudes: Record<string, unknown>[] = [];
  const nSolicitudes = bench ? 500 : 24;
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
