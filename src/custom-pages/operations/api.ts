// The operations calls as the web app makes them (specification section 7 "Operations",
// plus our additive summary of a budget's payments): one typed function per call, types
// from src/domain/operations. list… functions keep the specification's silent failures
// (an empty list); fetch…/save…/update… throw.
import { api } from "../../providers/api";
import type {
  FacturaGuiaInput,
  FacturaGuiaRow,
  FacturaGuiaUpdateInput,
  PagoResumenRow,
  RectificacionInput,
  ResumenDetalleRow,
  ResumenObraRow,
  SeguimientoWire,
} from "../../domain/operations/schemas";
import type { WorkStage } from "../../domain/sales/tracking";
import type { StoredRow } from "../../domain/resources/define-resource";
import type { pagosClientes } from "../../domain/operations/pagos-clientes.resource";
import type { AcceptanceWindow, DteFile, DtePreview } from "../../domain/operations";
import { asArray, path } from "../../data/common";
import { readPage as page, type ListFilter, type Paged } from "../../data/page";

export type Seguimiento = SeguimientoWire;
export type ResumenObra = ResumenObraRow;
export type ResumenDetalle = ResumenDetalleRow;
export type FacturaGuia = FacturaGuiaRow;
type PagoFields = (typeof pagosClientes)["fields"];
/** A payment as api/pagos_clientes answers it (src/domain/operations/pagos-clientes.resource.ts). */
export type PagoCliente = StoredRow<PagoFields> & { cliente_nombre: string; presupuesto_numero: string; nombre_obra: string | null };
export type PagoClienteInput = { [K in keyof PagoFields]?: unknown };
export type PagoResumen = PagoResumenRow;

export type { ListFilter } from "../../data/page";

// ---------------------------------------------------------------- work tracking

export interface SeguimientoQuery {
  start: number;
  end: number;
  q?: string;
  /** false: hide complete works (the screen's default). */
  mostrarCompletas: boolean;
  filter?: ListFilter | null;
}

/** GET api/seguimiento_obras, a page (newest first), searched and filtered on the server. */
export function fetchSeguimientos(query: SeguimientoQuery): Promise<Paged<Seguimiento>> {
  return page<Seguimiento>("/seguimiento_obras", { _start: query.start, _end: query.end, q: query.q?.trim(), completa: query.mostrarCompletas ? undefined : "false" }, query.filter);
}

/** PUT api/seguimiento_obras/{id}/toggle. */
export async function toggleEtapa(id: number, campo: WorkStage): Promise<Seguimiento> {
  const { data } = await api.put<Seguimiento>(`/seguimiento_obras/${path(id)}/toggle`, { campo });
  return data;
}

/** PUT api/seguimiento_obras/{id}/rectificacion. */
export async function updateRectificacion(id: number, body: RectificacionInput): Promise<Seguimiento> {
  const { data } = await api.put<Seguimiento>(`/seguimiento_obras/${path(id)}/rectificacion`, body);
  return data;
}

/** PUT api/seguimiento_obras/{id}/comentario. */
export async function updateComentario(id: number, comentario: string): Promise<Seguimiento> {
  const { data } = await api.put<Seguimiento>(`/seguimiento_obras/${path(id)}/comentario`, { comentario });
  return data;
}

/** GET api/seguimiento_obras/pistas (ours): stage hints from data for these records; a failure gives none. */
export async function listPistas(ids: readonly number[]): Promise<Record<number, WorkStage[]>> {
  if (ids.length === 0) return {};
  try {
    const { data } = await api.get("/seguimiento_obras/pistas", { params: { id: ids.join(",") } });
    return Object.fromEntries(asArray<{ id: number; pistas: WorkStage[] }>(data).map((p) => [p.id, p.pistas]));
  } catch (error) {
    console.warn("No se pudieron cargar las sugerencias de etapas", error);
    return {};
  }
}

// ---------------------------------------------------------------- materials summary

export function fetchResumenObras(query: { start: number; end: number; q?: string; filter?: ListFilter | null }): Promise<Paged<ResumenObra>> {
  return page<ResumenObra>("/resumen-materiales", { _start: query.start, _end: query.end, q: query.q?.trim() }, query.filter);
}

/** GET api/resumen-materiales/detalle/{presupuestoNumber} (presupuesto_id picks among repeated numbers). */
export async function fetchResumenDetalle(numero: string, presupuestoId: number): Promise<ResumenDetalle[]> {
  const { data } = await api.get(`/resumen-materiales/detalle/${path(numero)}`, { params: { presupuesto_id: presupuestoId } });
  return asArray<ResumenDetalle>(data);
}

// ---------------------------------------------------------------- supplier invoices

export interface FacturasQuery {
  start: number;
  end: number;
  proveedor?: string;
  /** Sent as the filter option's value ("Pendiente" already mapped to Vencida). */
  estado_pago?: string;
  q?: string;
  filter?: ListFilter | null;
}

/** GET api/facturas_guias (history, optionally of one supplier). */
export function fetchFacturasGuias(query: FacturasQuery): Promise<Paged<FacturaGuia>> {
  return page<FacturaGuia>("/facturas_guias", { _start: query.start, _end: query.end, proveedor: query.proveedor, q: query.q?.trim() });
}

/** GET api/facturas_estado (supplier and payment-state filters). */
export function fetchFacturasEstado(query: FacturasQuery): Promise<Paged<FacturaGuia>> {
  return page<FacturaGuia>("/facturas_estado", { _start: query.start, _end: query.end, proveedor: query.proveedor, estado_pago: query.estado_pago, q: query.q?.trim() }, query.filter);
}

/** POST api/facturas_guias (the http provider adds the Idempotency-Key). */
export async function createFacturaGuia(body: FacturaGuiaInput): Promise<FacturaGuia> {
  const { data } = await api.post<FacturaGuia>("/facturas_guias", body);
  return data;
}

/** PUT api/facturas_guias/{id}: estado_pago and fecha_pago, or observaciones_internas. */
export async function updateFacturaGuia(id: number, body: FacturaGuiaUpdateInput): Promise<FacturaGuia> {
  const { data } = await api.put<FacturaGuia>(`/facturas_guias/${path(id)}`, body);
  return data;
}

/** GET api/facturas_guias/proveedores (ours): supplier names for the filters; a failure gives none. */
export async function listProveedorNombres(): Promise<string[]> {
  try {
    const { data } = await api.get("/facturas_guias/proveedores");
    return asArray<string>(data);
  } catch (error) {
    console.error("No se pudieron cargar los proveedores", error);
    return [];
  }
}

// ---------------------------------------------------------------- electronic invoices (DTE)

export type DteArchivo = DteFile;
export type DteDocumento = DtePreview;

export interface DteRegistro {
  registradas: (FacturaGuia & { plazo: AcceptanceWindow | null })[];
  duplicadas: string[];
  rechazados: string[];
}

/** A browser File as base64 (no encoding guess here: the server reads the XML's own). */
export async function fileToDteArchivo(file: File): Promise<DteArchivo> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { nombre: file.name, contenido: btoa(binary) };
}

/** POST api/facturas_guias/dte/vista-previa (ours): what the files would register; writes nothing. */
export async function previewDte(archivos: DteArchivo[]): Promise<{ documentos: DteDocumento[]; rechazados: string[] }> {
  const { data } = await api.post<{ documentos: DteDocumento[]; rechazados: string[] }>("/facturas_guias/dte/vista-previa", { archivos });
  return data;
}

/** POST api/facturas_guias/dte (ours): registers the documents not yet registered. */
export async function registerDte(archivos: DteArchivo[]): Promise<DteRegistro> {
  const { data } = await api.post<DteRegistro>("/facturas_guias/dte", { archivos });
  return data;
}

// ---------------------------------------------------------------- client payments

/** GET api/pagos_clientes?presupuesto_id=. */
export async function fetchPagos(presupuestoId: number): Promise<PagoCliente[]> {
  const { data } = await api.get("/pagos_clientes", { params: { presupuesto_id: presupuestoId } });
  return asArray<PagoCliente>(data);
}

/** GET api/pagos_clientes/resumen?presupuesto_id= (ours). */
export async function fetchPagoResumen(presupuestoId: number): Promise<PagoResumen> {
  const { data } = await api.get<PagoResumen>("/pagos_clientes/resumen", { params: { presupuesto_id: presupuestoId } });
  return data;
}

/** POST api/pagos_clientes. */
export async function createPago(body: PagoClienteInput): Promise<PagoCliente> {
  const { data } = await api.post<PagoCliente>("/pagos_clientes", body);
  return data;
}
