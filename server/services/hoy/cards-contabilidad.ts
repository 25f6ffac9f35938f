// Contabilidad's cards: SII invoices whose 8-day acceptance window is about to end,
// supplier invoices overdue or due this week, and balances due on finished works.
import { and, asc, eq, gt, lte, sql } from "drizzle-orm";
import { siiPlazoTexto } from "../../../src/domain/operations/sii-decision";
import { listPorAceptar } from "../operations/factura-sii";
import { clientPaymentSummary } from "../../../src/domain/operations/client-payments";
import { endOfWeek, ITEMS_POR_TARJETA } from "../../../src/domain/hoy/rules";
import { pagosLink } from "../../../src/custom-pages/platform/home/card-links";
import { formatDate } from "../../../src/domain/format/date";
import { clientes, facturas_guias, pagos_clientes, presupuestos, seguimientoObras } from "../../db/schema";
import { dueDate, estadoCalculadoAt, estadoCalculadoIn, estadoCalculadoIs, vencimientoExpr } from "../operations/factura-row";
import { card, item, obraTexto, sqlDate, totalOf, totalOver, type CardBuilder } from "./card";

const documento = (f: { numero_factura: string | null; numero_guia: string | null }) =>
  f.numero_factura ? `Factura N° ${f.numero_factura}` : f.numero_guia ? `Guía N° ${f.numero_guia}` : "Sin número";

/** Supplier facturas still to accept or claim at the SII, nearest deadline first, counted from the SII's reception when known (listPorAceptar); warned from day 5. */
export const aceptacionSii: CardBuilder = async (db, today) => {
  const { filas, total, aviso } = await listPorAceptar(db, today);
  return card("aceptacion-sii", today, {
    cantidad: total,
    cifras: [{ etiqueta: "Desde el día 5 del plazo", valor: aviso, formato: "numero" }],
    items: filas.slice(0, ITEMS_POR_TARJETA).map((f) => item(`${f.proveedor} · ${documento({ numero_factura: f.numero_factura, numero_guia: null })}`, `${f.plazo.aviso ? "⚠ " : ""}${siiPlazoTexto(f.plazo)}`, f.monto_total)),
  });
};

export const facturasPorPagar: CardBuilder = async (db, today) => {
  const day = sqlDate(today);
  const estado = estadoCalculadoAt(day);
  const rows = await db
    .select({
      proveedor: facturas_guias.proveedor,
      numero_factura: facturas_guias.numero_factura,
      numero_guia: facturas_guias.numero_guia,
      vencimiento: vencimientoExpr,
      estado,
      monto_total: facturas_guias.monto_total,
      total: totalOver,
      vencidas: sql<number>`sum(case when ${estadoCalculadoIs("Vencida", day)} then ${facturas_guias.monto_total} else 0 end) over ()`.mapWith(Number),
      semana: sql<number>`sum(case when ${estadoCalculadoIs("Vigente", day)} then ${facturas_guias.monto_total} else 0 end) over ()`.mapWith(Number),
    })
    .from(facturas_guias)
    .where(and(estadoCalculadoIn(["Vencida", "Vigente"], day), lte(dueDate, sqlDate(endOfWeek(today)))))
    .orderBy(asc(dueDate), asc(facturas_guias.id))
    .limit(ITEMS_POR_TARJETA);
  return card("facturas-por-pagar", today, {
    cantidad: totalOf(rows),
    cifras: [
      { etiqueta: "Vencidas", valor: rows[0]?.vencidas ?? 0, formato: "pesos" },
      { etiqueta: "Vencen esta semana", valor: rows[0]?.semana ?? 0, formato: "pesos" },
    ],
    items: rows.map((f) => item(`${f.proveedor} · ${documento(f)}`, `${f.estado === "Vencida" ? "Venció" : "Vence"} el ${formatDate(f.vencimiento)}`, f.monto_total)),
  });
};

/**
 * Finished works (final reception done) whose client still owes part of the total with VAT:
 * the balance is clientPaymentSummary of src/domain, applied to each finished work's
 * budgeted net and payments read in one query. Largest balance first.
 */
export const saldosClientes: CardBuilder = async (db, today) => {
  const pagado = db
    .select({ presupuesto_id: pagos_clientes.presupuesto_id, monto: sql<number>`sum(${pagos_clientes.monto})`.as("monto") })
    .from(pagos_clientes)
    .groupBy(pagos_clientes.presupuesto_id)
    .as("pagado");
  const works = await db
    .select({
      presupuesto_id: presupuestos.id,
      numero: presupuestos.numero,
      nombre_obra: presupuestos.nombre_obra,
      cliente_nombre: clientes.nombre,
      neto: presupuestos.total_neto_presupuestado,
      pagado: sql<number>`coalesce(${pagado.monto}, 0)`.mapWith(Number),
    })
    .from(seguimientoObras)
    .innerJoin(presupuestos, eq(presupuestos.id, seguimientoObras.presupuesto_id))
    .innerJoin(clientes, eq(clientes.id, presupuestos.cliente_id))
    .leftJoin(pagado, eq(pagado.presupuesto_id, presupuestos.id))
    .where(and(eq(seguimientoObras.recepcion_final, true), gt(presupuestos.total_neto_presupuestado, 0)));
  const due = works
    .map((w) => ({ ...w, saldo: clientPaymentSummary(w.neto, [{ monto: w.pagado }]).saldo }))
    .filter((w) => w.saldo > 0)
    .sort((a, b) => b.saldo - a.saldo || a.presupuesto_id - b.presupuesto_id);
  const first = due.slice(0, ITEMS_POR_TARJETA);
  return card("saldos-clientes", today, {
    cantidad: due.length,
    cifras: [{ etiqueta: "Saldo total", valor: due.reduce((s, w) => s + w.saldo, 0), formato: "pesos" }],
    items: first.map((w) => item(obraTexto(w.numero, w.nombre_obra), w.cliente_nombre, w.saldo, pagosLink(w.presupuesto_id))),
    enlace: first[0] ? pagosLink(first[0].presupuesto_id) : undefined,
  });
};
