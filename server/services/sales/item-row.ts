// The quote-item row every items_presupuesto answer carries, and the stored values of an
// item, with UTV always recomputed by the shared domain function.
import { computeItemUtv } from "../../../src/domain/sales/utv";
import type { ItemPresupuestoData, ItemPresupuestoRow } from "../../../src/domain/sales/schemas";
import { itemsPresupuesto } from "../../db/schema";

export const itemColumns = {
  id: itemsPresupuesto.id,
  presupuesto_id: itemsPresupuesto.presupuesto_id,
  item: itemsPresupuesto.item,
  recinto: itemsPresupuesto.recinto,
  ancho: itemsPresupuesto.ancho,
  alto: itemsPresupuesto.alto,
  tipo_ventana: itemsPresupuesto.tipo_ventana,
  tipo_apertura: itemsPresupuesto.tipo_apertura,
  grada_buque: itemsPresupuesto.grada_buque,
  observaciones: itemsPresupuesto.observaciones,
  texto_observaciones: itemsPresupuesto.texto_observaciones,
  adicional: itemsPresupuesto.adicional,
  cuadros_adicionales: itemsPresupuesto.cuadros_adicionales,
  cantidad: itemsPresupuesto.cantidad,
  precio_unitario: itemsPresupuesto.precio_unitario,
  utv: itemsPresupuesto.utv,
  utv_monto: itemsPresupuesto.utv_monto,
};

export type ItemRow = ItemPresupuestoRow;

/** An item's own fields as validated (the client's utv and utv_monto are never used). */
export type ItemFields = Omit<ItemPresupuestoData, "presupuesto_id" | "utv" | "utv_monto">;

export const MSG_ITEM_NO_EXISTE = "El ítem no existe.";
export const MSG_PRESUPUESTO_NO_EXISTE_CAMPO = "El presupuesto seleccionado no existe";
export const ITEM_PRESUPUESTO_FK = "items_presupuesto_presupuesto_id_presupuestos_id_fk";

/** Column values to store: the fields as sent plus the server's own UTV figures. */
export function itemValues(fields: ItemFields) {
  const { utv, utv_monto } = computeItemUtv(fields);
  return {
    item: fields.item,
    recinto: fields.recinto,
    ancho: fields.ancho,
    alto: fields.alto,
    tipo_ventana: fields.tipo_ventana,
    tipo_apertura: fields.tipo_apertura,
    grada_buque: fields.grada_buque,
    observaciones: fields.observaciones,
    texto_observaciones: fields.texto_observaciones,
    adicional: fields.adicional,
    cuadros_adicionales: fields.cuadros_adicionales,
    cantidad: fields.cantidad,
    precio_unitario: fields.precio_unitario,
    utv,
    utv_monto: utv_monto,
  };
}
