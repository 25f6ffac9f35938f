// What the items_presupuesto services share: the row (its columns by the names
// src/domain/sales declares), messages, and the values an item is stored with: the fields
// as sent plus its UTV, computed here, once, with the domain's function.
import { computeItemUtv } from "../../../src/domain/sales/utv";
import { itemPresupuestoRow, type ItemFields } from "../../../src/domain/sales/schemas";
import { rowColumns } from "../../db/columns";
import { itemsPresupuesto } from "../../db/schema";
import { badRequest } from "../../errors";

export const itemColumns = rowColumns(itemsPresupuesto, itemPresupuestoRow);

export const MSG_ITEM_NO_EXISTE = "El ítem no existe.";
export const MSG_PRESUPUESTO_NO_EXISTE_CAMPO = "El presupuesto seleccionado no existe";
export const MSG_ITEM_OTRO_PRESUPUESTO = "El ítem pertenece a otro presupuesto";
export const ITEM_PRESUPUESTO_FK = "items_presupuesto_presupuesto_id_presupuestos_id_fk";

export const presupuestoUnknown = () => badRequest(MSG_PRESUPUESTO_NO_EXISTE_CAMPO, { presupuesto_id: [MSG_PRESUPUESTO_NO_EXISTE_CAMPO] });
export const otherQuote = () => badRequest(MSG_ITEM_OTRO_PRESUPUESTO, { presupuesto_id: [MSG_ITEM_OTRO_PRESUPUESTO] });

/** Column values to store: the fields as sent plus the server's own UTV figures. */
export function itemValues(fields: ItemFields) {
  const { utv, utv_monto } = computeItemUtv(fields);
  return { ...fields, utv, utv_monto };
}
