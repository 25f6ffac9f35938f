// POST api/ingresar_factura: the receipt of supplier invoices against orders (design page
// "Purchasing"). For each order: the invoice number and date (both required), and for each
// item sent its new cumulative arrived quantity, unit price and entry comment. What arrived
// since last time (new − previous) enters stock as an INGRESO at the item's price, which
// becomes the product's last price; every receipt that moved stock is kept with its lines.
// Sending the same receipt again changes nothing. Arrived quantity never goes down (400).
import { asc, eq } from "drizzle-orm";
import { itemNet } from "../../../src/domain/purchasing/order-lines";
import { orderState } from "../../../src/domain/purchasing/order-state";
import { MSG_FACTURA_INGRESADA } from "../../../src/domain/purchasing/messages";
import { arrivedQuantityError, stockDifference } from "../../../src/domain/purchasing/receipt";
import type { IngresarFacturaData, IngresarFacturaRow, ItemOcRow } from "../../../src/domain/purchasing/schemas";
import { items_oc, ordenes_compra, recepciones_oc, recepciones_oc_items } from "../../db/schema";
import { badRequest, notFound } from "../../errors";
import { appendMovement, lockMateriales } from "../inventory/ledger";
import { write, type ServiceContext } from "../write";
import { itemOcColumns, lockOrden, MSG_ITEM_OC_NO_EXISTE } from "./orden-row";

interface LineChange {
  item: ItemOcRow;
  cantidad_llegada: number;
  precio_unitario: number;
  observacion_ingreso: string | null;
  diferencia: number;
}

export async function ingresarFactura(ctx: ServiceContext, data: IngresarFacturaData): Promise<IngresarFacturaRow> {
  return write(ctx, async (tx, audit) => {
    // Check everything first, then move stock: a refusal writes nothing.
    const plans: { numero: number; factura: string; fecha_factura: string; items: ItemOcRow[]; changes: LineChange[] }[] = [];
    const orders = [...data.ordenes.entries()].sort((a, b) => a[1].numero_oc - b[1].numero_oc);
    for (const [oi, o] of orders) {
      await lockOrden(tx, o.numero_oc);
      const items = await tx.select(itemOcColumns).from(items_oc).where(eq(items_oc.numero_oc, o.numero_oc)).orderBy(asc(items_oc.id)).for("update");
      const changes: LineChange[] = [];
      for (const [di, d] of o.detalles.entries()) {
        const item = items.find((it) => it.id === d.id);
        if (!item) throw notFound(MSG_ITEM_OC_NO_EXISTE);
        const next = d.cantidad_llegada ?? item.cantidad_llegada;
        const error = arrivedQuantityError(item.codigo, item.cantidad_llegada, next);
        if (error) throw badRequest(error, { [`ordenes.${oi}.detalles.${di}.cantidad_llegada`]: [error] });
        const precio = d.precio_unitario ?? item.precio_unitario;
        const observacion = d.observacion_ingreso ?? item.observacion_ingreso;
        const diferencia = stockDifference(item.cantidad_llegada, next);
        if (diferencia !== 0 || precio !== item.precio_unitario || observacion !== item.observacion_ingreso) {
          changes.push({ item, cantidad_llegada: next, precio_unitario: precio, observacion_ingreso: observacion, diferencia });
        }
      }
      plans.push({ numero: o.numero_oc, factura: o.factura, fecha_factura: o.fecha_factura, items, changes });
    }

    await lockMateriales(tx, plans.flatMap((p) => p.changes.filter((c) => c.diferencia > 0).map((c) => c.item.codigo)));

    const results: IngresarFacturaRow["ordenes"] = [];
    for (const p of plans) {
      const moving = p.changes.filter((c) => c.diferencia > 0);
      let recepcionId: number | null = null;
      if (moving.length > 0) {
        const [rec] = await tx
          .insert(recepciones_oc)
          .values({ numero_oc: p.numero, factura: p.factura, fecha_factura: p.fecha_factura, usuario_id: ctx.user?.id ?? null })
          .returning({ id: recepciones_oc.id });
        recepcionId = rec.id;
        await tx.insert(recepciones_oc_items).values(
          moving.map((c) => ({
            recepcion_id: rec.id,
            item_id: c.item.id,
            codigo: c.item.codigo,
            cantidad_anterior: c.item.cantidad_llegada,
            cantidad_llegada: c.cantidad_llegada,
            diferencia: c.diferencia,
            precio_unitario: c.precio_unitario,
            observacion_ingreso: c.observacion_ingreso,
          })),
        );
        // The ledger locks and balances one product at a time.
        for (const c of moving) {
          await appendMovement(tx, {
            codigo: c.item.codigo,
            tipo: "INGRESO",
            cantidad: c.diferencia,
            precio_unitario: c.precio_unitario,
            documento: `OC ${p.numero} · Factura ${p.factura}`,
            numero_oc: p.numero,
            recepcion_id: rec.id,
            usuario_id: ctx.user?.id ?? null,
          });
        }
      }
      for (const c of p.changes) {
        const set = { cantidad_llegada: c.cantidad_llegada, precio_unitario: c.precio_unitario, observacion_ingreso: c.observacion_ingreso };
        await tx.update(items_oc).set({ ...set, costo_neto: itemNet({ cantidad: c.item.cantidad, precio_unitario: c.precio_unitario }) }).where(eq(items_oc.id, c.item.id));
      }
      const [orden] = await tx.select({ factura: ordenes_compra.factura, fecha_factura: ordenes_compra.fecha_factura }).from(ordenes_compra).where(eq(ordenes_compra.numero_oc, p.numero));
      const invoiceChanged = orden.factura !== p.factura || orden.fecha_factura !== p.fecha_factura;
      if (invoiceChanged) await tx.update(ordenes_compra).set({ factura: p.factura, fecha_factura: p.fecha_factura }).where(eq(ordenes_compra.numero_oc, p.numero));
      if (recepcionId !== null || p.changes.length > 0 || invoiceChanged) {
        await audit({
          entity: recepcionId !== null ? recepciones_oc : ordenes_compra,
          entityId: recepcionId ?? p.numero,
          changes: {
            numero_oc: p.numero,
            factura: p.factura,
            fecha_factura: p.fecha_factura,
            items: p.changes.map((c) => ({ id: c.item.id, codigo: c.item.codigo, cantidad_anterior: c.item.cantidad_llegada, cantidad_llegada: c.cantidad_llegada, diferencia: c.diferencia, precio_unitario: c.precio_unitario })),
          },
        });
      }
      const after = p.items.map((it) => {
        const c = p.changes.find((x) => x.item.id === it.id);
        return c ? { ...it, cantidad_llegada: c.cantidad_llegada } : it;
      });
      results.push({ numero_oc: p.numero, estado: orderState(after), recepcion_id: recepcionId, movimientos: moving.length });
    }
    const numeros = data.ordenes.map((o) => o.numero_oc);
    results.sort((a, b) => numeros.indexOf(a.numero_oc) - numeros.indexOf(b.numero_oc));
    return { message: MSG_FACTURA_INGRESADA(numeros.join(", ")), ordenes: results };
  });
}
