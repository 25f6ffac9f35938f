// Operations: supplier invoices and delivery notes (some paid, some overdue, some cash)
// and client payments (advance, partial and settled budgets). The work-tracking states are
// seeded with their quotes (sales.ts). Supplier names are matched to the proveedores
// table when the purchasing seed has written it (proveedor_id), else kept as text.
// Bench: about 10,000 invoices and 6,000 client payments.
import { sql } from "drizzle-orm";
import { todayInSantiago, addDays } from "../../src/domain/dates/dates";
import { iva, totalConIva } from "../../src/domain/money";
import type { Db } from "../../server/db/connect";
import { write } from "../../server/services/write";
import { clientCount, type AreaOptions, type SeedCounts } from "./common";
import { insertJson, type Columns } from "./insert";
import { createRandom } from "./random";

const INVOICE_COLUMNS: Columns = [
  ["proveedor_id", "integer"], ["proveedor", "text"], ["rut_proveedor", "text"], ["tipo_dte", "integer"], ["numero_guia", "text"],
  ["numero_factura", "text"], ["fecha", "date"], ["monto_neto", "bigint"], ["iva", "bigint"], ["monto_total", "bigint"],
  ["observacion", "text"], ["dias_credito", "integer"], ["estado_pago", "text"], ["fecha_pago", "date"],
  ["observaciones_internas", "text"], ["fecha_recepcion", "date"],
];

const PAYMENT_COLUMNS: Columns = [
  ["cliente_id", "integer"], ["presupuesto_id", "integer"], ["fecha_pago", "date"], ["monto", "bigint"], ["estado", "text"], ["observacion", "text"],
];

/** Suppliers of a window workshop, with their usual days of credit (0 = cash). */
const SUPPLIERS = [
  ["Aluminios del Pacífico S.A.", "96.512.340-7", 30],
  ["Perfiles PVC Sur Ltda.", "76.234.118-2", 45],
  ["Vidrios Lirquén S.A.", "91.000.300-K", 30],
  ["Cristales Templados Maipú SpA", "77.118.922-5", 15],
  ["Herrajes y Accesorios Roto Chile", "76.901.455-3", 60],
  ["Ferretería Central Ñuñoa", "78.455.102-1", 0],
  ["Tornillos y Fijaciones del Maule", "76.340.877-9", 30],
  ["Gomas y Burletes Industriales Ltda.", "79.812.004-6", 30],
  ["Transportes Cordillera", "76.777.210-8", 0],
  ["Sellos y Siliconas Andes", "77.602.391-4", 30],
] as const;

const INVOICE_NOTES = ["Perfiles para obra", "Vidrio termopanel", "Despacho incluido", "Herrajes importados", "Reposición de stock"] as const;
const INTERNAL_NOTES = ["Reclamar nota de crédito", "Pagar con transferencia", "Revisar diferencia de precio", "Factura con guía asociada"] as const;
const PAYMENT_STATES = ["Anticipo", "Abono", "Pago final"] as const;

export async function seedOperations(db: Db, opts: AreaOptions): Promise<SeedCounts> {
  const r = createRandom("ventanal-operations");
  const today = todayInSantiago();
  const nInvoices = clientCount(opts.scale) * 5;
  const known = (await db.execute<{ id: number; proveedor: string; rut: string | null; dias_credito: number }>(sql`select id, proveedor, rut, dias_credito from proveedores`)).rows;
  const byName = new Map(known.map((p) => [p.proveedor.toLowerCase(), p]));
  const suppliers = SUPPLIERS.map(([name, rut, dias]) => {
    const p = byName.get(name.toLowerCase());
    return { id: p?.id ?? null, name: p?.proveedor ?? name, rut: p?.rut ?? rut, dias: p?.dias_credito ?? dias };
  });

  const folio = new Map<string, number>();
  const invoices: Record<string, unknown>[] = [];
  for (let i = 0; i < nInvoices; i++) {
    const s = r.pick(suppliers);
    const ago = Math.floor((r.next() ** 2) * 540); // more recent documents than old ones
    const fecha = addDays(today, -ago);
    const n = (folio.get(s.name) ?? r.int(1000, 5000)) + r.int(1, 4);
    folio.set(s.name, n);
    const guia = r.chance(0.15);
    const neto = r.int(20, 4000) * 1000 + r.int(0, 999);
    const due = addDays(fecha, s.dias);
    // Older invoices are mostly paid; a few stay overdue.
    const paid = s.dias > 0 && (due < today ? r.chance(0.88) : r.chance(0.2));
    const paidOn = paid ? (due < today ? addDays(due, -r.int(0, Math.min(s.dias, 10))) : addDays(fecha, r.int(0, Math.max(0, ago)))) : null;
    invoices.push({
      proveedor_id: s.id,
      proveedor: s.name,
      rut_proveedor: s.rut,
      tipo_dte: guia ? 52 : 33,
      numero_guia: guia ? String(n) : r.chance(0.3) ? String(n - r.int(1, 3)) : null,
      numero_factura: guia ? null : String(n),
      fecha,
      monto_neto: neto,
      iva: iva(neto),
      monto_total: totalConIva(neto),
      observacion: r.chance(0.3) ? r.pick(INVOICE_NOTES) : null,
      dias_credito: s.dias,
      estado_pago: paid ? "Pagado" : null,
      fecha_pago: paidOn && paidOn <= today ? paidOn : paid ? today : null,
      observaciones_internas: r.chance(0.1) ? r.pick(INTERNAL_NOTES) : null,
      fecha_recepcion: addDays(fecha, r.int(0, 3)) > today ? today : addDays(fecha, r.int(0, 3)),
    });
  }

  // Client payments: works further along have paid more (advance, partial, settled).
  const quotes = (
    await db.execute<{ id: number; cliente_id: number; fecha: string; neto: number; pago: boolean; instalacion: boolean }>(
      sql`select p.id, p.cliente_id, p.fecha::text as fecha, p.total_neto_presupuestado::float8 as neto, s.pago, s.instalacion
            from presupuestos p join seguimiento_obras s on s.presupuesto_id = p.id order by p.id`,
    )
  ).rows;
  const payments: Record<string, unknown>[] = [];
  for (const q of quotes) {
    const total = totalConIva(Number(q.neto));
    if (total <= 0) continue;
    const share = q.pago ? 1 : q.instalacion ? 0.5 + r.next() * 0.3 : r.chance(0.5) ? 0.3 + r.next() * 0.2 : 0;
    if (share === 0) continue;
    const parts = share === 1 ? r.int(1, 3) : r.int(1, 2);
    let left = Math.round(total * share);
    let day = q.fecha;
    for (let k = 0; k < parts && left > 0; k++) {
      const monto = k === parts - 1 ? left : Math.round(left / (parts - k));
      left -= monto;
      day = addDays(day, r.int(1, 30));
      payments.push({
        cliente_id: q.cliente_id,
        presupuesto_id: q.id,
        fecha_pago: day > today ? today : day,
        monto,
        estado: k === 0 ? "Anticipo" : k === parts - 1 && share === 1 ? "Pago final" : r.pick(PAYMENT_STATES),
        observacion: r.chance(0.4) ? "Transferencia" : null,
      });
    }
  }

  return write({ db, user: null, route: "seed" }, async (tx, audit) => {
    await insertJson(tx, "facturas_guias", INVOICE_COLUMNS, invoices);
    await insertJson(tx, "pagos_clientes", PAYMENT_COLUMNS, payments);
    const counts = { facturas_guias: invoices.length, pagos_clientes: payments.length };
    await audit({ entity: "semilla", entityId: null, changes: counts });
    return counts;
  });
}
