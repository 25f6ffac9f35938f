// Typed calls of the sales API (specification section 7, "Clients and quotes") for the
// bespoke sales screens. They go through the shell's axios instance (bearer token,
// Idempotency-Key on every POST, 401 → /login). Refine resources use the data provider.
import { api } from "../../../providers/api";
import { IDEMPOTENCY_HEADER } from "../../../providers/http";
import type { ItemPresupuestoRow, TipoApertura, TipoVentana } from "../../../domain/sales";

export interface Cliente {
  id: number;
  nombre: string;
  rut: string | null;
  correo: string | null;
  telefono: string | null;
  direccion: string | null;
}

export interface Presupuesto {
  id: number;
  numero: string;
  cliente_id: number;
  nombre_obra: string | null;
  direccion: string | null;
  observacion: string | null;
  fecha: string;
  total_neto_presupuestado: number;
  /** Present on list rows. */
  cliente_nombre?: string | null;
}

/** A quote item as the API stores it. Numeric columns may arrive as text: use `toNum`. */
export interface ItemPresupuesto {
  id: number;
  presupuesto_id: number;
  item: string | null;
  recinto: string | null;
  ancho: number | string | null;
  alto: number | string | null;
  tipo_ventana: TipoVentana | string;
  tipo_apertura: TipoApertura | string;
  grada_buque: boolean;
  observaciones: boolean;
  texto_observaciones: string | null;
  adicional: boolean;
  cuadros_adicionales: number | string | null;
  cantidad: number | string | null;
  precio_unitario: number | string | null;
  utv: number | string | null;
  utv_monto: number | string | null;
}

/** The body of POST/PUT api/items_presupuesto (item fields + presupuesto_id, utv, utv_monto). */
export type ItemPresupuestoBody = Omit<ItemPresupuestoRow, "id">;

export interface ClienteBody {
  nombre: string;
  rut: string | null;
  correo: string | null;
  telefono: string | null;
  direccion: string | null;
}

export interface PresupuestoBody {
  numero: string;
  cliente_id: number;
  nombre_obra: string | null;
  direccion: string | null;
  observacion: string | null;
  fecha: string | null;
  total_neto_presupuestado: number;
}

/** A database numeric that may come as text ("1200.00") → number, or null. */
export function toNum(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === "") return null;
  const n = typeof value === "number" ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

function withKey(idempotencyKey?: string) {
  return idempotencyKey ? { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } } : undefined;
}

function asArray<T>(data: unknown): T[] {
  return Array.isArray(data) ? (data as T[]) : [];
}

/** GET api/clientes. A failure yields an empty list (spec 7/8: silent). */
export async function listClientes(): Promise<Cliente[]> {
  try {
    const { data } = await api.get("/clientes");
    return asArray<Cliente>(data);
  } catch (error) {
    console.error("No se pudo cargar la lista de clientes", error);
    return [];
  }
}

export async function createCliente(body: ClienteBody): Promise<Cliente> {
  const { data } = await api.post<Cliente>("/clientes", body);
  return data;
}

/** GET api/presupuestos/cliente/{id}, newest first. Throws on failure (callers decide). */
export async function fetchPresupuestosDeCliente(clienteId: number): Promise<Presupuesto[]> {
  const { data } = await api.get(`/presupuestos/cliente/${encodeURIComponent(String(clienteId))}`);
  return asArray<Presupuesto>(data);
}

/** Same, but a failure leaves an empty list (spec 8: failed loads of quotes are silent). */
export async function listPresupuestosDeCliente(clienteId: number): Promise<Presupuesto[]> {
  try {
    return await fetchPresupuestosDeCliente(clienteId);
  } catch (error) {
    console.error("No se pudieron cargar los presupuestos del cliente", error);
    return [];
  }
}

export async function createPresupuesto(body: PresupuestoBody): Promise<Presupuesto> {
  const { data } = await api.post<Presupuesto>("/presupuestos", body);
  return data;
}

/** GET api/items_presupuesto/presupuesto/{id}. A failure leaves an empty list (spec 8). */
export async function listItems(presupuestoId: number): Promise<ItemPresupuesto[]> {
  try {
    const { data } = await api.get(`/items_presupuesto/presupuesto/${encodeURIComponent(String(presupuestoId))}`);
    return asArray<ItemPresupuesto>(data);
  } catch (error) {
    console.error("No se pudieron cargar los ítems del presupuesto", error);
    return [];
  }
}

/**
 * POST api/items_presupuesto. `idempotencyKey` identifies the item as the user built it,
 * so re-sending it after a lost answer cannot store it twice.
 */
export async function createItem(body: ItemPresupuestoBody, idempotencyKey?: string): Promise<ItemPresupuesto> {
  const { data } = await api.post<ItemPresupuesto>("/items_presupuesto", body, withKey(idempotencyKey));
  return data;
}

export async function updateItem(id: number, body: ItemPresupuestoBody): Promise<ItemPresupuesto> {
  const { data } = await api.put<ItemPresupuesto>(`/items_presupuesto/${encodeURIComponent(String(id))}`, body);
  return data;
}

export async function deleteItem(id: number): Promise<void> {
  await api.delete(`/items_presupuesto/${encodeURIComponent(String(id))}`);
}
