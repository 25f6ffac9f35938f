// The SII's Registro de Compras and the SII decisions (issue 35), as the web calls them.
import { api } from "../../providers/api";
import type { RcvResultado } from "../../domain/operations/rcv";
import type { RcvFilaRow, RcvImportacionRow, SiiDecisionBody, SiiEstadoRow } from "../../domain/operations/rcv-schemas";
import type { FacturaGuiaRow } from "../../domain/operations/schemas";
import { asArray, path } from "../../data/common";
import { fileToDteArchivo } from "./api";

type Wire<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K] };
export type RcvImportacion = Wire<RcvImportacionRow>;
export type RcvFila = RcvFilaRow;
export type RcvPagina = { importacion: RcvImportacion; filas: RcvFila[]; total: number };
export type SiiEstado = Wire<SiiEstadoRow>;

/** POST api/rcv/compras: the file read in the browser and sent in base64; the same file again answers its first import. */
export async function uploadRcv(file: File, registro?: string | null): Promise<RcvImportacion> {
  const { nombre, contenido } = await fileToDteArchivo(file);
  const { data } = await api.post<RcvImportacion>("/rcv/compras", { nombre, contenido, ...(registro ? { registro } : {}) });
  return data;
}

/** GET api/rcv/compras: past imports, newest first. */
export async function listRcvImportaciones(): Promise<RcvImportacion[]> {
  const { data } = await api.get("/rcv/compras");
  return asArray<RcvImportacion>(data);
}

export interface RcvQuery {
  resultado?: RcvResultado | null;
  cambio?: "nueva" | "cambio" | null;
  q?: string;
  start: number;
  end: number;
}

/** GET api/rcv/compras/{id}: the import and a page of its rows. */
export async function fetchRcv(id: number, query: RcvQuery): Promise<RcvPagina> {
  const params: Record<string, string | number> = { _start: query.start, _end: query.end };
  if (query.resultado) params.resultado = query.resultado;
  if (query.cambio) params.cambio = query.cambio;
  if (query.q?.trim()) params.q = query.q.trim();
  const { data } = await api.get<RcvPagina>(`/rcv/compras/${path(id)}`, { params });
  return data;
}

/** POST api/rcv/compras/{id}/registrar: "Registrar en Ventanal" of rows only in the SII. */
export async function registrarRcv(id: number, filas: number[]): Promise<{ registradas: FacturaGuiaRow[]; importacion: RcvImportacion }> {
  const { data } = await api.post<{ registradas: FacturaGuiaRow[]; importacion: RcvImportacion }>(`/rcv/compras/${path(id, "registrar")}`, { filas });
  return data;
}

/** GET api/facturas_guias/{id}/sii. */
export async function fetchFacturaSii(id: number): Promise<SiiEstado> {
  const { data } = await api.get<SiiEstado>(`/facturas_guias/${path(id, "sii")}`);
  return data;
}

/** PUT api/facturas_guias/{id}/sii: Aceptar or Reclamar. */
export async function decideFacturaSii(id: number, body: SiiDecisionBody): Promise<SiiEstado> {
  const { data } = await api.put<SiiEstado>(`/facturas_guias/${path(id, "sii")}`, body);
  return data;
}

export interface PorAceptar {
  factura_id: number;
  proveedor: string;
  numero_factura: string | null;
  tipo_dte: number;
  monto_total: number;
  plazo: NonNullable<SiiEstado["plazo"]>;
}

/** GET api/facturas_sii/por-aceptar: facturas still to accept or claim, nearest deadline first. */
export async function fetchPorAceptar(): Promise<{ filas: PorAceptar[]; total: number; aviso: number }> {
  const { data } = await api.get<{ filas: PorAceptar[]; total: number; aviso: number }>("/facturas_sii/por-aceptar");
  return data;
}
