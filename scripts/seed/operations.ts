// Operations: supplier invoices and delivery notes (some paid, some overdue, some cash)
// from the suppliers of the Proveedores list, for products of their own line, and client
// payments that follow each work's stage (advance, partial; a work at "pago" is paid in full,
// its last payment "Pago final"). The work-tracking states are seeded with their quotes (sales.ts).
// Bench: about 10,000 invoices and 6,000 client payments.
import { sql } from "drizzle-orm";
import { todayInSantiago, addDays } from "../../src/domain/dates/dates";
import { iva, totalConIva } from "../../src/domain/money";
import type { Db } from "../../server/db/connect";
import { write } from "../../server/services/write";
import { clientCount, type AreaOptions, type SeedCounts } from "./common";
import { insertJson, type Columns } from "./insert";
import { createRandom } from "./random";
import { productsSoldBy } from "./supplier-lines";

/** "Termopanel 4-12-4 incoloro y Vidrio float 4 mm gris": what the invoice is for. */
function invoiceNote(a: string, b: string | null): string {
  return b && b !== a ? `${a} y ${b}` : a;
}

const INVOICE_COLUMNS: Columns = [
  ["proveedor_id", "integer"], ["proveedor", "text"], ["rut_proveedor", "text"], ["tipo_dte", "integer"], ["numero_guia", "text"],
  ["numero_factura", "text"], ["fecha", "date"], ["monto_neto", "bigint"], ["iva", "bigint"], ["monto_total", "bigint"],
  ["observacion", "text"], ["dias_credito", "integer"], ["estado_pago", "text"], ["fecha_pago", "date"],
  ["observaciones_internas", "text"], ["fecha_recepcion", "date"],
];

const PAYMENT_COLUMNS: Columns = [
  ["cliente_id", "integer"], ["presupuesto_id", "integer"], ["fecha_pago", "date"], ["monto", "bigint"], ["estado", "text"], ["observacion", "text"],
];

const INTERNAL_NOTES = ["Reclamar nota de crédito", "Pagar con transferencia", "Revisar diferencia de precio", "Factura con guía asociada"] as const;

export async function seedOperations(db: Db, opts: AreaOptions): Promise<SeedCounts> {
  const r = createRandom("ventanal-operations");
  const today = todayInSantiago();
  const nInvoices = clientCount(opts.scale) * 5;
  // The suppliers of the Proveedores list (purchasing.ts), each invoicing products of its own line.
  const known = (await db.execute<{ id: number; proveedor: string; rut: string | null; dias_credito: number }>(sql`select id, proveedor, rut, dias_credito from proveedores order by id`)).rows;
  const products = (await db.execute<{ codigo: string; producto: string }>(sql`select codigo, producto from materiales order by codigo`)).rows;
  const suppliers = known.map((p) => ({ id: p.id, name: p.proveedor, rut: p.rut, dias: p.dias_credito, sells: productsSoldBy(p.proveedor, products) }));

  const folio = new Map<string, number>();
  const invoices: Record<string, unknown>[] = [];
  for (let i = 0; i < nInvoices && suppliers.length > 0; i++) {
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
      observacion: s.sells.length > 0 ? invoiceNote(r.pick(s.sells).producto, r.chance(0.5) ? r.pick(s.sells).producto : null) : null,
      dias_credito: s.dias,
      estado_pago: paid ? "Pagado" : null,
      fecha_pago: paidOn && paidOn <= today ? paidOn : paid ? today : null,
      observaciones_internas: r.chance(0.1) ? r.pick(INTERNAL_NOTES) : null,
      fecha_recepcion: addDays(fecha, r.int(0, 3)) > today ? today : addDays(fecha, r.int(0, 3)),
    });
  }

  // Client payments: works further along have paid more (advance, partial, settled).
  const quotes = (
    await db.execute<{ id: number; cliente_id: number; fecha: string; neto: number; pago: boolean; instalacion: boolean; fabricacion: boolean; rectificacion: boolean }>(
      sql`select p.id, p.cliente_id, p.fecha::text as fecha, p.total_neto_presupuestado::float8 as neto, s.pago, s.instalacion, s.fabricacion, s.rectificacion
            from presupuestos p join seguimiento_obras s on s.presupuesto_id = p.id order by p.id`,
    )
  ).rows;
  const payments: Record<string, unknown>[] = [];
  for (const q of quotes) {
    const total = totalConIva(Number(q.neto));
    if (total <= 0) continue;
    // What the client has paid follows the work's stage: nothing for a quote not yet
    // accepted, an advance once measures are rectified, more as it is built and installed.
    const share = q.pago ? 1 : q.instalacion ? 0.7 + r.next() * 0.2 : q.fabricacion ? 0.5 + r.next() * 0.15 : q.rectificacion ? 0.3 + r.next() * 0.2 : 0;
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
        // "Pago final" only for the payment that settles the work; the ones between are "Abono".
        estado: k === parts - 1 && share === 1 ? "Pago final" : k === 0 ? "Anticipo" : "Abono",
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
