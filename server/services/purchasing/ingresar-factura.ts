// POST api/ingresar_factura: the receipt of supplier invoices against orders (design page
// "Purchasing"). For each order: the invoice number and date (both required), and for each
// item sent its new cumulative arrived quantity, unit price and entry comment. What arrived
// since last time (new − previous) enters stock as an INGRESO at the item's price, which
// becomes the product's last price; every receipt that moved stock is kept with its lines.
// Sending the same receipt again changes nothing. Arrived quantity never goes down (400).
// An order, or an item within an order, appears once in a body (the schema: 400), and each
// line is computed from its item row as locked (FOR UPDATE) and as this transaction left
// it, so nothing can enter stock twice. The price changes only together with a quantity arriving (400).
import { asc, eq } from "drizzle-orm";
import { itemNet } from "../../../src/domain/purchasing/order-lines";
import { MSG_FACTURA_INGRESADA } from "../../../src/domain/purchasing/messages";
import { arrivedQuantityError, receiptPriceError, stockDifference } from "../../../src/domain/purchasing/receipt";
import type { IngresarFacturaData, IngresarFacturaRow, ItemOcRow } from "../../../src/domain/purchasing/schemas";
import { items_oc, ordenes_compra, recepciones_oc, recepciones_oc_items } from "../../db/schema";
import { badRequest, notFound } from "../../errors";
import { appendMovement, lockMateriales } from "../inventory/ledger";
import { refreshOrdenes } from "../derived/ordenes";
import { write, type ServiceContext, type Tx } from "../write";
import { itemOcColumns, lockOrden, MSG_ITEM_OC_NO_EXISTE } from "./orden-row";

/** One item a receipt changed: its row before and after, and what entered stock. */
interface LineChange {
  before: ItemOcRow;
  after: ItemOcRow;
  diferencia: number;
}

interface OrderPlan {
  numero: number;
  factura: string;
  fecha_factura: string;
  changes: LineChange[];
}

type ReceiptOrder = IngresarFacturaData["ordenes"][number];

/**
 * Applies one order's lines to its items. The order's item rows are read once with
 * SELECT … FOR UPDATE (id order) and each line is computed from its row as this
 * transaction left it: a line's update replaces the row before the next line is read.
 */
async function applyLines(tx: Tx, oi: number, o: ReceiptOrder): Promise<OrderPlan> {
  await lockOrden(tx, o.numero_oc);
  const locked = await tx.select(itemOcColumns).from(items_oc).where(eq(items_oc.numero_oc, o.numero_oc)).orderBy(asc(items_oc.id)).for("update");
  const rows = new Map(locked.map((it) => [it.id, it]));
  const changes: LineChange[] = [];
  for (const [di, d] of o.detalles.entries()) {
    const item = rows.get(d.id);
    if (!item) throw notFound(MSG_ITEM_OC_NO_EXISTE);
    const line = `ordenes.${oi}.detalles.${di}`;
    const next = d.cantidad_llegada ?? item.cantidad_llegada;
    const error = arrivedQuantityError(item.codigo, item.cantidad_llegada, next);
    if (error) throw badRequest(error, { [`${line}.cantidad_llegada`]: [error] });
    const diferencia = stockDifference(item.cantidad_llegada, next);
    const precio = d.precio_unitario ?? item.precio_unitario;
    const priceError = receiptPriceError(item.codigo, item.precio_unitario, precio, diferencia);
    if (priceError) throw badRequest(priceError, { [`${line}.precio_unitario`]: [priceError] });
    const observacion = d.observacion_ingreso ?? item.observacion_ingreso;
    if (diferencia === 0 && precio === item.precio_unitario && observacion === item.observacion_ingreso) continue;
    const [after] = await tx
      .update(items_oc)
      .set({ cantidad_llegada: next, precio_unitario: precio, observacion_ingreso: observacion, costo_neto: itemNet({ cantidad: item.cantidad, precio_unitario: precio }) })
      .where(eq(items_oc.id, item.id))
      .returning(itemOcColumns);
    rows.set(after.id, after);
    changes.push({ before: item, after, diferencia });
  }
  return { numero: o.numero_oc, factura: o.factura, fecha_factura: o.fecha_factura, changes };
}

export async function ingresarFactura(ctx: ServiceContext, data: IngresarFacturaData): Promise<IngresarFacturaRow> {
  return write(ctx, async (tx, audit) => {
    // Orders in number order (a fixed lock order); any refusal throws and writes nothing.
    const plans: OrderPlan[] = [];
    for (const [oi, o] of [...data.ordenes.entries()].sort((a, b) => a[1].numero_oc - b[1].numero_oc)) plans.push(await applyLines(tx, oi, o));

    await refreshOrdenes(tx, plans.map((p) => p.numero));
    await lockMateriales(tx, plans.flatMap((p) => p.changes.filter((c) => c.diferencia > 0).map((c) => c.after.codigo)));

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
        // Each line keeps the price it arrived at; a later receipt never rewrites it.
        await tx.insert(recepciones_oc_items).values(
          moving.map((c) => ({
            recepcion_id: rec.id,
            item_id: c.after.id,
            codigo: c.after.codigo,
            cantidad_anterior: c.before.cantidad_llegada,
            cantidad_llegada: c.after.cantidad_llegada,
            diferencia: c.diferencia,
            precio_unitario: c.after.precio_unitario,
            observacion_ingreso: c.after.observacion_ingreso,
          })),
        );
        // The ledger locks and balances one product at a time.
        for (const c of moving) {
          await appendMovement(tx, {
            codigo: c.after.codigo,
            tipo: "INGRESO",
            cantidad: c.diferencia,
            precio_unitario: c.after.precio_unitario,
            documento: `OC ${p.numero} · Factura ${p.factura}`,
            numero_oc: p.numero,
            recepcion_id: rec.id,
            usuario_id: ctx.user?.id ?? null,
          });
        }
      }
      const [orden] = await tx.select({ factura: ordenes_compra.factura, fecha_factura: ordenes_compra.fecha_factura, estado: ordenes_compra.estado }).from(ordenes_compra).where(eq(ordenes_compra.numero_oc, p.numero));
      const invoiceChanged = orden.factura !== p.factura || orden.fecha_factura !== p.fecha_factura;
      if (invoiceChanged) await tx.update(ordenes_compra).set({ factura: p.factura, fecha_factura: p.fecha_factura }).where(eq(ordenes_compra.numero_oc, p.numero));
      if (recepcionId !== null || p.changes.length > 0 || invoiceChanged) {
        // The audit row carries the user (who) and, per item, what arrived and any change of the order's price.
        await audit({
          entity: recepcionId !== null ? recepciones_oc : ordenes_compra,
          entityId: recepcionId ?? p.numero,
          changes: {
            numero_oc: p.numero,
            factura: p.factura,
            fecha_factura: p.fecha_factura,
            items: p.changes.map((c) => ({
              id: c.after.id,
              codigo: c.after.codigo,
              cantidad_anterior: c.before.cantidad_llegada,
              cantidad_llegada: c.after.cantidad_llegada,
              diferencia: c.diferencia,
              precio_unitario: c.after.precio_unitario,
              ...(c.after.precio_unitario !== c.before.precio_unitario ? { precio_oc: { antes: c.before.precio_unitario, despues: c.after.precio_unitario } } : {}),
            })),
          },
        });
      }
      results.push({ numero_oc: p.numero, estado: orden.estado, recepcion_id: recepcionId, movimientos: moving.length });
    }
    const numeros = data.ordenes.map((o) => o.numero_oc);
    results.sort((a, b) => numeros.indexOf(a.numero_oc) - numeros.indexOf(b.numero_oc));
    return { message: MSG_FACTURA_INGRESADA(numeros.join(", ")), ordenes: results };
  });
}
