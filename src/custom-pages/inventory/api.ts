// The inventory API as the web app calls it outside Refine's data provider (specification
// section 7, "Inventory"): one typed function per call, types from src/domain/inventory.
// Functions named list… follow the specification's silent failures (an empty list).
import { api } from "../../providers/api";
import { IDEMPOTENCY_HEADER } from "../../providers/http";
import type {
  AjusteInput,
  AjusteJson,
  FaltanteRow,
  InventarioJoinJson,
  InventarioRow,
  MaterialInput,
  MaterialRow,
  MovimientoJson,
  PrecioMaterialRow,
  ReservaActivaRow,
  SalidaInput,
  SalidaJson,
  SolicitudInput,
  SolicitudJson,
} from "../../domain/inventory";
import { asArray, path, quietly } from "../../data/common";
import { readPage as page, type Paged } from "../../data/page";

export type Material = MaterialRow;

/** GET api/materiales/sugerencias: up to 20 products whose code or name contains the text (the exact code first). */
export async function suggestMateriales(text: string): Promise<Material[]> {
  const { data } = await api.get("/materiales/sugerencias", { params: { q: text } });
  return asArray<Material>(data);
}

/** POST api/materiales: 409 when the code or the product name exists. */
export async function createMaterial(body: MaterialInput): Promise<Material> {
  const { data } = await api.post<Material>("/materiales", body);
  return data;
}

/** GET api/precio-material?codigo=: the last price; null when the material is unknown (404) or the call fails (section 8: an empty price). */
export async function getPrecioMaterial(codigo: string): Promise<number | null> {
  try {
    const { data } = await api.get<PrecioMaterialRow>("/precio-material", { params: { codigo } });
    return typeof data?.precio_unitario === "number" ? data.precio_unitario : null;
  } catch (error) {
    console.error("No se pudo obtener el precio del material", error);
    return null;
  }
}

export type InventarioItem = InventarioRow;
export type ReservaActiva = ReservaActivaRow;
export type Faltante = FaltanteRow;
export type Movimiento = MovimientoJson;
export type InventarioJoin = InventarioJoinJson;
export type Ajuste = AjusteJson;
export type Salida = SalidaJson;
export type Solicitud = SolicitudJson;

export interface PageQuery {
  start: number;
  end: number;
  q?: string;
  sort?: string;
  order?: "asc" | "desc";
}

function pageParams(query: PageQuery): Record<string, string | number> {
  const params: Record<string, string | number> = { _start: query.start, _end: query.end };
  if (query.q?.trim()) params.q = query.q.trim();
  if (query.sort) {
    params._sort = query.sort;
    params._order = query.order ?? "asc";
  }
  return params;
}

export interface InventarioQuery extends PageQuery {
  /** "Mostrar productos con stock 0" (off: stock_actual_gt=0). */
  mostrarStockCero?: boolean;
  soloBajoStock?: boolean;
}

/** GET api/inventario: a page of products with reserved and available stock, and the total. */
export function fetchInventario(query: InventarioQuery): Promise<Paged<InventarioItem>> {
  const params: Record<string, string | number | boolean> = pageParams(query);
  if (!query.mostrarStockCero) params.stock_actual_gt = 0;
  if (query.soloBajoStock) params.bajo_stock = true;
  return page<InventarioItem>("/inventario", params);
}

/** GET api/reservas_activas/{code}: a failure gives an empty list (section 7). */
export const listReservasActivas = quietly(async (codigo: string): Promise<ReservaActiva[]> => {
  const { data } = await api.get(`/reservas_activas/${path(codigo)}`);
  return asArray<ReservaActiva>(data);
}, "No se pudieron cargar las reservas activas");

/** GET api/materiales/{code}/movimientos: a page of the kardex (newest first). */
export function fetchMovimientos(codigo: string, query: PageQuery): Promise<Paged<Movimiento>> {
  return page<Movimiento>(`/materiales/${path(codigo)}/movimientos`, pageParams(query));
}

/** The whole kardex of a product, oldest first (for the Excel export). */
export async function fetchKardexCompleto(codigo: string): Promise<Movimiento[]> {
  const { data } = await api.get(`/materiales/${path(codigo)}/movimientos`, { params: { _sort: "id", _order: "asc", _start: 0, _end: 20_000 } });
  return asArray<Movimiento>(data);
}

/** GET api/faltantes: a page of products short of stock, with the works that need them. */
export function fetchFaltantes(query: PageQuery & { soloParaObras?: boolean }): Promise<Paged<Faltante>> {
  const params: Record<string, string | number | boolean> = pageParams(query);
  if (query.soloParaObras) params.stock_disponible_lt = 0;
  return page<Faltante>("/faltantes", params);
}

/** GET api/ajuste_stock/inventario_join: a page of products with stock and last adjustment. */
export function fetchInventarioJoin(query: PageQuery): Promise<Paged<InventarioJoin>> {
  return page<InventarioJoin>("/ajuste_stock/inventario_join", pageParams(query));
}

/** One product of GET api/ajuste_stock/inventario_join as it is now (null when it no longer exists). */
export async function fetchInventarioJoinRow(codigo: string): Promise<InventarioJoin | null> {
  const { data } = await api.get("/ajuste_stock/inventario_join", { params: { codigo } });
  return asArray<InventarioJoin>(data)[0] ?? null;
}

/** POST api/ajuste_stock. */
export async function postAjuste(body: AjusteInput): Promise<Ajuste> {
  const { data } = await api.post<Ajuste>("/ajuste_stock", body);
  return data;
}

/** PUT api/ajuste_stock/materiales/{code}/nombre. */
export async function renameMaterial(codigo: string, producto: string): Promise<Material> {
  const { data } = await api.put<Material>(`/ajuste_stock/materiales/${path(codigo)}/nombre`, { producto });
  return data;
}

/**
 * POST api/registro_salida: the answer carries a message. `idempotencyKey` names the exit
 * as the user built it: re-sending it after a lost answer never takes the material twice.
 */
export async function registrarSalida(body: SalidaInput, idempotencyKey?: string): Promise<{ message: string; salida: Salida }> {
  const { data } = await api.post<{ message: string; salida: Salida }>("/registro_salida", body, idempotencyKey ? { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } } : undefined);
  return data;
}

/** GET api/salidas_inventario2: a page of the exits' history, newest first. */
export function fetchSalidas(query: PageQuery): Promise<Paged<Salida>> {
  return page<Salida>("/salidas_inventario2", pageParams(query));
}

/** GET api/solicitudes: a page of requests, newest first; soloPendientes hides approved ones. */
export function fetchSolicitudes(query: PageQuery & { soloPendientes?: boolean }): Promise<Paged<Solicitud>> {
  const params: Record<string, string | number | boolean> = pageParams(query);
  if (query.soloPendientes) params.estado_ne = "Aprobado";
  return page<Solicitud>("/solicitudes", params);
}

/** POST api/solicitudes (one per item). */
export async function createSolicitud(body: SolicitudInput, idempotencyKey?: string): Promise<Solicitud> {
  const { data } = await api.post<Solicitud>("/solicitudes", body, idempotencyKey ? { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } } : undefined);
  return data;
}

/** PUT api/solicitudes/{id}: approve (true) or revert (false). */
export async function setSolicitudAprobada(id: number, aprobada: boolean): Promise<Solicitud> {
  const { data } = await api.put<Solicitud>(`/solicitudes/${path(id)}`, { aprobada });
  return data;
}
