// Warehouse requests (specification sections 2.6, 3, 4, 5 and 8).
import { parseNumberInput } from "../format/parse";
import { hasAtMostDecimals } from "../fields";
import { QTY_DECIMALS } from "./quantity";

/** Section 8. */
export const MSG_SOLICITUD_OK = "Solicitud enviada correctamente.";
export const MSG_SOLICITUD_ERROR = "Hubo un error al guardar la solicitud.";
/** Section 2.6: the list's switch. */
export const LABEL_SOLO_PENDIENTES = "Ver solo pendientes";
/** Section 3: the approved state; any other value is pending. */
export const SOLICITUD_APROBADA = "Aprobado";
export const SOLICITUD_CANTIDAD_MINIMA = 1;

export type SolicitudField = "codigo" | "producto" | "cantidad" | "solicitante";

export interface SolicitudForm {
  codigo: string | null | undefined;
  producto: string | null | undefined;
  cantidad: string | number | null | undefined;
  solicitante: string | null | undefined;
}

export interface SolicitudItem {
  codigo: string;
  producto: string;
  cantidad: number;
  solicitante: string;
}

/**
 * The item of the request form (section 5): code, product, quantity (minimum 1, at most
 * 4 decimals, es-CL text accepted) and requester, trimmed; or the fields that are missing or wrong. The
 * item is added to the list only when all are present (the specification shows no
 * message: the screen marks the fields).
 */
export function solicitudItem(form: SolicitudForm): { ok: true; item: SolicitudItem } | { ok: false; fields: SolicitudField[] } {
  const codigo = (form.codigo ?? "").trim();
  const producto = (form.producto ?? "").trim();
  const solicitante = (form.solicitante ?? "").trim();
  const cantidad = parseNumberInput(form.cantidad);
  const fields: SolicitudField[] = [];
  if (codigo === "") fields.push("codigo");
  if (producto === "") fields.push("producto");
  if (cantidad === null || cantidad < SOLICITUD_CANTIDAD_MINIMA || !hasAtMostDecimals(cantidad, QTY_DECIMALS)) fields.push("cantidad");
  if (solicitante === "") fields.push("solicitante");
  if (fields.length > 0 || cantidad === null) return { ok: false, fields };
  return { ok: true, item: { codigo, producto, cantidad, solicitante } };
}

/** Approved (section 4): estado is "Aprobado" (case and spaces ignored); anything else is pending. */
export function isSolicitudAprobada(estado: string | null | undefined): boolean {
  return (estado ?? "").trim().toLocaleLowerCase("es-CL") === SOLICITUD_APROBADA.toLocaleLowerCase("es-CL");
}
