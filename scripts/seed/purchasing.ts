// Purchasing: suppliers, purchase orders for the quotes' works with their items (products of
// the supplier's own line, supplier-lines.ts), and the
// invoice receipts against them (each receipt's arrivals enter stock through the seed
// ledger as INGRESO at the item's price, as POST api/ingresar_factura does). Older orders
// are mostly complete, some partially delivered over two invoices; recent ones are mostly
// pending. Bench: 10,000 orders and about 60,000 items (5 orders per client).
import { sql } from "drizzle-orm";
import { addDays, todayInSantiago } from "../../src/domain/dates/dates";
import { itemNet } from "../../src/domain/purchasing/order-lines";
import { rutCheckDigit } from "../../src/domain/fields/rut";
import type { Db } from "../../server/db/connect";
import { write } from "../../server/services/write";
import { clientCount, FIRST_NAMES, SURNAMES, type AreaOptions, type SeedCounts } from "./common";
import { insertJson, type Columns } from "./insert";
import { createRandom } from "./random";
import { productsSoldBy } from "./supplier-lines";

const SUPPLIER_KINDS = ["Aluminios", "Vidrios", "Herrajes", "Perfiles", "Termopaneles", "Ferretería", "Accesorios", "Distribuidora", "Comercial", "Importadora"] as const;
const SUPPLIER_NAMES = ["del Sur", "Andes", "del Pacífico", "Lirquén", "Maipo", "Austral", "Cordillera", "Los Lagos", "Biobío", "Atacama", "Aconcagua", "Central", "Norte Grande", "Quilicura", "San Bernardo"] as const;
const BANKS = ["Banco de Chile", "Banco Estado", "BCI", "Santander", "Scotiabank", "Itaú", "Banco Security", "BICE"] as const;

const SUPPLIER_COLUMNS: Columns = [
  ["id", "integer"], ["proveedor", "text"], ["rut", "text"], ["vendedor", "text"], ["contacto", "text"], ["banco", "text"],
  ["tipo_de_cuenta", "text"], ["numero_cuenta", "text"], ["dias_credito", "integer"],
];
const ORDER_COLUMNS: Columns = [
  ["numero_oc", "integer"], ["proveedor_id", "integer"], ["proveedor", "text"], ["fecha", "date"], ["realizado_por", "text"], ["comentario", "text"],
  ["cliente_id", "integer"], ["cliente_nombre", "text"], ["presupuesto_id", "integer"], ["numero_presupuesto", "text"], ["observacion", "text"],
  ["factura", "text"], ["fecha_factura", "date"], ["creado_en", "timestamptz"],
];
const ITEM_COLUMNS: Columns = [
  ["id", "integer"], ["numero_oc", "integer"], ["codigo", "text"], ["producto", "text"], ["unidad", "text"], ["cantidad", "numeric"],
  ["precio_unitario", "numeric"], ["costo_neto", "numeric"], ["observacion", "text"], ["cantidad_llegada", "numeric"], ["observacion_ingreso", "text"],
];
const RECEIPT_COLUMNS: Columns = [["id", "integer"], ["numero_oc", "integer"], ["factura", "text"], ["fecha_factura", "date"], ["fecha", "timestamptz"]];
const RECEIPT_ITEM_COLUMNS: Columns = [
  ["recepcion_id", "integer"], ["item_id", "integer"], ["codigo", "text"], ["cantidad_anterior", "numeric"], ["cantidad_llegada", "numeric"],
  ["diferencia", "numeric"], ["precio_unitario", "numeric"], ["observacion_ingreso", "text"],
];

/** Orders per client (bench: 2,000 clients → 10,000 orders) and items per order (1-11, about 6). */
const ORDERS_PER_CLIENT = 5;

function formatRut(body: number): string {
  return `${String(body).replace(/\B(?=(\d{3})+(?!\d))/g, ".")}-${rutCheckDigit(body)}`;
}

/** An instant on that Santiago date (noon, -04:00 is close enough for seeded history). */
const instantOf = (date: string, hour = 12) => `${date}T${String(hour).padStart(2, "0")}:00:00-04:00`;

export async function seedPurchasing(db: Db, opts: AreaOptions): Promise<SeedCounts> {
  const r = createRandom("ventanal-compras");
  const clients = clientCount(opts.scale);
  const supplierCount = Math.max(8, Math.min(300, Math.round(clients / 10)));
  const orderCount = clients * ORDERS_PER_CLIENT;
  const today = todayInSantiago();

  const products = (await db.execute<{ codigo: string; producto: string; unidad: string; precio_unitario: string }>(sql`select codigo, producto, unidad, precio_unitario::text from materiales order by codigo`)).rows;
  const quotes = (
    await db.execute<{ id: number; numero: string; nombre_obra: string | null; cliente_id: number; cliente_nombre: string }>(
      sql`select p.id, p.numero, p.nombre_obra, p.cliente_id, c.nombre cliente_nombre from presupuestos p join clientes c on c.id = p.cliente_id order by p.id`,
    )
  ).rows;
  if (products.length === 0 || quotes.length === 0) return { proveedores: 0, ordenes_compra: 0 };

  const suppliers = Array.from({ length: supplierCount }, (_, i) => {
    const name = `${SUPPLIER_KINDS[i % SUPPLIER_KINDS.length]} ${SUPPLIER_NAMES[Math.floor(i / SUPPLIER_KINDS.length) % SUPPLIER_NAMES.length]}${i >= SUPPLIER_KINDS.length * SUPPLIER_NAMES.length ? ` ${i}` : ""} SpA`;
    const person = `${r.pick(FIRST_NAMES)} ${r.pick(SURNAMES)}`;
    return {
      id: i + 1,
      proveedor: name,
      rut: formatRut(76_000_000 + i * 1_013 + r.int(0, 999)),
      vendedor: person,
      contacto: `+56 9 ${r.int(5000, 9999)} ${r.int(1000, 9999)}`,
      banco: r.pick(BANKS),
      tipo_de_cuenta: r.chance(0.85) ? "Cuenta corriente" : "Cuenta vista",
      numero_cuenta: String(r.int(10_000_000, 99_999_999)),
      dias_credito: r.weighted([[0, 2], [30, 5], [45, 2], [60, 1]] as const),
    };
  });
  const buyers = Array.from({ length: 4 }, () => `${r.pick(FIRST_NAMES)} ${r.pick(SURNAMES)}`);

  const orders: Record<string, unknown>[] = [];
  const items: Record<string, unknown>[] = [];
  const receipts: Record<string, unknown>[] = [];
  const receiptItems: Record<string, unknown>[] = [];
  let itemId = 0;
  let receiptId = 0;
  let invoice = 10_000;

  const soldBy = new Map<number, readonly (typeof products)[number][]>();
  // Oldest first, so numbers grow with dates and the ledger registers receipts in time order.
  const dates = Array.from({ length: orderCount }, () => addDays(today, -r.int(0, 540))).sort();
  for (let n = 1; n <= orderCount; n++) {
    const fecha = dates[n - 1];
    const age = -(Date.parse(fecha) - Date.parse(today)) / 86_400_000;
    const s = r.pick(suppliers);
    const q = r.pick(quotes);
    // Each supplier sells its own line (supplier-lines.ts): a glass supplier's order is glass.
    const catalogue = soldBy.get(s.id) ?? soldBy.set(s.id, productsSoldBy(s.proveedor, products)).get(s.id)!;
    const lines: { id: number; codigo: string; producto: string; unidad: string; cantidad: number; precio_unitario: number }[] = [];
    const used = new Set<string>();
    const count = r.int(1, 11);
    for (let k = 0; k < count; k++) {
      const p = r.pick(catalogue);
      if (used.has(p.codigo)) continue;
      used.add(p.codigo);
      const base = Number(p.precio_unitario) || r.int(100, 20_000);
      lines.push({ id: ++itemId, codigo: p.codigo, producto: p.producto, unidad: p.unidad, cantidad: r.int(1, 120), precio_unitario: Math.round((base * r.int(90, 110)) / 1000) * 10 });
    }
    // Deliveries: complete (most older orders), partial over one or two invoices, or none yet.
    const plan = age > 45 ? r.weighted([["completa", 8], ["parcial", 1.5], ["nada", 0.5]] as const) : age > 10 ? r.weighted([["completa", 4], ["parcial", 3], ["nada", 3]] as const) : r.weighted([["completa", 1], ["parcial", 1], ["nada", 8]] as const);
    const arrived = new Map<number, number>();
    let lastInvoice: { factura: string; fecha: string } | null = null;
    const deliveries = plan === "nada" ? 0 : plan === "parcial" ? 1 : r.chance(0.3) ? 2 : 1;
    for (let d = 0; d < deliveries; d++) {
      const last = d === deliveries - 1;
      const fechaFactura = addDays(fecha, Math.min(Math.floor(age), r.int(2, 20) * (d + 1)));
      const factura = String(invoice++);
      const id = ++receiptId;
      let moved = 0;
      for (const l of lines) {
        const before = arrived.get(l.id) ?? 0;
        const target = plan === "completa" && last ? l.cantidad : plan === "completa" ? Math.ceil(l.cantidad / 2) : r.chance(0.6) ? r.int(0, l.cantidad - 1) : before;
        const diferencia = target - before;
        if (diferencia <= 0) continue;
        arrived.set(l.id, target);
        receiptItems.push({ recepcion_id: id, item_id: l.id, codigo: l.codigo, cantidad_anterior: before, cantidad_llegada: target, diferencia, precio_unitario: l.precio_unitario, observacion_ingreso: null });
        opts.ledger.move({ fecha: instantOf(fechaFactura, 15), codigo: l.codigo, tipo: "INGRESO", cantidad: diferencia, precio_unitario: l.precio_unitario, documento: `OC ${n} · Factura ${factura}`, numero_oc: n, recepcion_id: id });
        moved++;
      }
      if (moved === 0) {
        receiptId--;
        invoice--;
        continue;
      }
      receipts.push({ id, numero_oc: n, factura, fecha_factura: fechaFactura, fecha: instantOf(fechaFactura, 15) });
      lastInvoice = { factura, fecha: fechaFactura };
    }
    orders.push({
      numero_oc: n,
      proveedor_id: s.id,
      proveedor: s.proveedor,
      fecha,
      realizado_por: r.pick(buyers),
      comentario: r.chance(0.3) ? r.pick(["Entregar en bodega central", "Despachar a obra", "Urgente", "Coordinar entrega con bodega", "Retira transporte propio"]) : null,
      cliente_id: q.cliente_id,
      cliente_nombre: q.cliente_nombre,
      presupuesto_id: q.id,
      numero_presupuesto: q.numero,
      observacion: q.nombre_obra,
      factura: lastInvoice?.factura ?? null,
      fecha_factura: lastInvoice?.fecha ?? null,
      creado_en: instantOf(fecha, 10),
    });
    for (const l of lines) {
      items.push({ ...l, numero_oc: n, costo_neto: itemNet(l), observacion: null, cantidad_llegada: arrived.get(l.id) ?? 0, observacion_ingreso: null });
    }
  }

  return write({ db, user: null, route: "seed" }, async (tx, audit) => {
    await insertJson(tx, "proveedores", SUPPLIER_COLUMNS, suppliers);
    await insertJson(tx, "ordenes_compra", ORDER_COLUMNS, orders);
    await insertJson(tx, "items_oc", ITEM_COLUMNS, items);
    await insertJson(tx, "recepciones_oc", RECEIPT_COLUMNS, receipts);
    await insertJson(tx, "recepciones_oc_items", RECEIPT_ITEM_COLUMNS, receiptItems);
    for (const table of ["proveedores", "items_oc", "recepciones_oc"]) {
      await tx.execute(sql.raw(`select setval(pg_get_serial_sequence('${table}', 'id'), greatest((select max(id) from ${table}), 1))`));
    }
    const counts = { proveedores: suppliers.length, ordenes_compra: orders.length, items_oc: items.length, recepciones_oc: receipts.length };
    await audit({ entity: "semilla", entityId: null, changes: counts });
    return counts;
  });
}
