// Bodega's and Adquisiciones' cards: shortages for the active works (available stock below
// 0, the reserved stock of derived/stock-reservado.ts), products under their minimum,
// pending purchase orders older than DIAS_OC_ATRASADA days and warehouse requests to approve.
import { and, asc, desc, eq, lt, ne, sql } from "drizzle-orm";
import { stockShortage } from "../../../src/domain/inventory/stock";
import { ITEMS_POR_TARJETA, lateOrderBefore } from "../../../src/domain/hoy/rules";
import { daysBetween } from "../../../src/domain/dates/dates";
import { formatDate } from "../../../src/domain/format/date";
import { formatNumber } from "../../../src/domain/format/number";
import { materiales, ordenes_compra, solicitudes_bodega } from "../../db/schema";
import { bajoStockSql, stockDisponibleSql } from "../derived/stock-reservado";
import { card, item, totalOf, totalOver, type CardBuilder } from "./card";

const producto = (p: { codigo: string; producto: string }) => `${p.codigo} · ${p.producto}`;

export const faltantes: CardBuilder = async (db, today) => {
  const rows = await db
    .select({
      codigo: materiales.codigo,
      producto: materiales.producto,
      unidad: materiales.unidad,
      stock_actual: materiales.stock_actual,
      stock_minimo: materiales.stock_minimo,
      stock_reservado: materiales.stock_reservado,
      total: totalOver,
    })
    .from(materiales)
    .where(lt(stockDisponibleSql, 0))
    .orderBy(asc(stockDisponibleSql), asc(materiales.codigo))
    .limit(ITEMS_POR_TARJETA);
  return card("faltantes", today, {
    cantidad: totalOf(rows),
    items: rows.map((p) => item(producto(p), `faltan ${formatNumber(stockShortage(p)?.para_obras ?? 0, 4)} ${p.unidad} para obras`)),
  });
};

export const bajoMinimo: CardBuilder = async (db, today) => {
  const rows = await db
    .select({ codigo: materiales.codigo, producto: materiales.producto, unidad: materiales.unidad, stock_actual: materiales.stock_actual, stock_minimo: materiales.stock_minimo, total: totalOver })
    .from(materiales)
    .where(bajoStockSql)
    .orderBy(desc(sql`${materiales.stock_minimo} - ${materiales.stock_actual}`), asc(materiales.codigo))
    .limit(ITEMS_POR_TARJETA);
  return card("bajo-minimo", today, {
    cantidad: totalOf(rows),
    items: rows.map((p) => item(producto(p), `stock ${formatNumber(p.stock_actual, 4)} de un mínimo de ${formatNumber(p.stock_minimo, 4)} ${p.unidad}`)),
  });
};

/** PENDIENTE orders (the list's own state rule) dated before the cut, oldest first. */
export const ocAtrasadas: CardBuilder = async (db, today) => {
  const rows = await db
    .select({ numero_oc: ordenes_compra.numero_oc, proveedor: ordenes_compra.proveedor, fecha: ordenes_compra.fecha, observacion: ordenes_compra.observacion, total: totalOver })
    .from(ordenes_compra)
    .where(and(eq(ordenes_compra.estado, "PENDIENTE"), lt(ordenes_compra.fecha, lateOrderBefore(today))))
    .orderBy(asc(ordenes_compra.fecha), asc(ordenes_compra.numero_oc))
    .limit(ITEMS_POR_TARJETA);
  return card("oc-atrasadas", today, {
    cantidad: totalOf(rows),
    items: rows.map((o) =>
      item(`OC ${o.numero_oc} · ${o.proveedor}`, [`del ${formatDate(o.fecha)} (${daysBetween(o.fecha, today)} días)`, o.observacion].filter(Boolean).join(" · ")),
    ),
  });
};

/** Requests not yet approved (what "Ver solicitudes de Bodega" shows by default), oldest first. */
export const solicitudesPendientes: CardBuilder = async (db, today) => {
  const rows = await db
    .select({
      codigo: solicitudes_bodega.codigo,
      producto: solicitudes_bodega.producto,
      cantidad: solicitudes_bodega.cantidad,
      solicitante: solicitudes_bodega.solicitante,
      fecha: solicitudes_bodega.fecha_creacion,
      total: totalOver,
    })
    .from(solicitudes_bodega)
    .where(ne(solicitudes_bodega.estado, "Aprobado"))
    .orderBy(asc(solicitudes_bodega.fecha_creacion), asc(solicitudes_bodega.id))
    .limit(ITEMS_POR_TARJETA);
  return card("solicitudes-pendientes", today, {
    cantidad: totalOf(rows),
    items: rows.map((s) => item(producto(s), `${formatNumber(s.cantidad, 4)} · ${s.solicitante} · ${formatDate(s.fecha)}`)),
  });
};
