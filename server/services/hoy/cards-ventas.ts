// Ventas' cards: the month's quotes and their budgeted total, quotes without items and
// the quotes the client accepted today (also Operaciones').
// ("Obras aceptadas sin pauta" reads tracking records: cards-operaciones.ts.)
import { and, desc, eq, gte, lt, lte, sql } from "drizzle-orm";
import { ITEMS_POR_TARJETA, monthOf } from "../../../src/domain/hoy/rules";
import { formatDate } from "../../../src/domain/format/date";
import { clientes, presupuestos } from "../../db/schema";
import { sinItemsExpr } from "../sales/presupuesto-row";
import { card, item, obraTexto, totalOf, totalOver, type CardBuilder } from "./card";

const quote = {
  numero: presupuestos.numero,
  nombre_obra: presupuestos.nombre_obra,
  cliente_nombre: clientes.nombre,
  fecha: presupuestos.fecha,
  neto: presupuestos.total_neto_presupuestado,
  total: totalOver,
};

/** Quotes dated this month up to today, newest first, with the sum of their budgeted net. */
export const presupuestosMes: CardBuilder = async (db, today) => {
  const { desde, hastaExclusivo } = monthOf(today);
  const rows = await db
    .select({ ...quote, suma: sql<number>`sum(${presupuestos.total_neto_presupuestado}) over ()`.mapWith(Number) })
    .from(presupuestos)
    .innerJoin(clientes, eq(clientes.id, presupuestos.cliente_id))
    .where(and(gte(presupuestos.fecha, desde), lt(presupuestos.fecha, hastaExclusivo), lte(presupuestos.fecha, today)))
    .orderBy(desc(presupuestos.fecha), desc(presupuestos.creado_en), desc(presupuestos.id))
    .limit(ITEMS_POR_TARJETA);
  return card("presupuestos-mes", today, {
    cantidad: totalOf(rows),
    cifras: [{ etiqueta: "Total neto presupuestado", valor: rows[0]?.suma ?? 0, formato: "pesos" }],
    items: rows.map((q) => item(obraTexto(q.numero, q.nombre_obra), `${q.cliente_nombre} · ${formatDate(q.fecha)}`, q.neto)),
  });
};

/** Quotes without a single item, newest first. */
export const presupuestosSinItems: CardBuilder = async (db, today) => {
  const rows = await db
    .select(quote)
    .from(presupuestos)
    .innerJoin(clientes, eq(clientes.id, presupuestos.cliente_id))
    .where(sinItemsExpr)
    .orderBy(desc(presupuestos.creado_en), desc(presupuestos.id))
    .limit(ITEMS_POR_TARJETA);
  return card("presupuestos-sin-items", today, {
    cantidad: totalOf(rows),
    items: rows.map((q) => item(obraTexto(q.numero, q.nombre_obra), `${q.cliente_nombre} · ${formatDate(q.fecha)}`)),
  });
};


/** Quotes the client accepted today through their link (Ventas and Operaciones), newest first: presupuestos_aceptado_fecha_idx. */
export const aceptadosHoy: CardBuilder = async (db, today) => {
  const rows = await db
    .select(quote)
    .from(presupuestos)
    .innerJoin(clientes, eq(clientes.id, presupuestos.cliente_id))
    .where(eq(presupuestos.aceptado_fecha, today))
    .orderBy(desc(presupuestos.id))
    .limit(ITEMS_POR_TARJETA);
  return card("aceptados-hoy", today, {
    cantidad: totalOf(rows),
    items: rows.map((q) => item(obraTexto(q.numero, q.nombre_obra), q.cliente_nombre, q.neto)),
  });
};
