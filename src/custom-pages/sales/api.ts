// The sales API as the web app calls it outside Refine's data provider (specification
// section 7, "Clients and quotes"): one typed function per call, types from
// src/domain/sales. Components call these, never axios. They go through the shell's axios
// instance (bearer token, Idempotency-Key on every POST, 401 → /login). Functions named
// list… follow the specification's silent failures (an empty list); fetch…/get… throw.
import { api } from "../../providers/api";
import { IDEMPOTENCY_HEADER } from "../../providers/http";
import { asArray, ownFields, path, quietly } from "../../data/common";
import { itemPresupuestoSchema, itemPresupuestoUpdateSchema } from "../../domain/sales/schemas";
import type { ClienteRow, ItemPresupuestoData, ItemPresupuestoRow, PresupuestoData, PresupuestoRow, VendedorPresupuesto } from "../../domain/sales";

export type Cliente = ClienteRow;
export type Presupuesto = PresupuestoRow;
export type ItemPresupuesto = ItemPresupuestoRow;
/** The body of POST/PUT api/items_presupuesto: the item's fields and its quote, as the route's schema reads them (utv and utv_monto are the server's). */
export type ItemPresupuestoBody = ItemPresupuestoData;

/** GET api/clientes/sugerencias: up to 20 clients whose name or RUT contains the text (the exact name first). */
export async function suggestClientes(text: string): Promise<Cliente[]> {
  const { data } = await api.get("/clientes/sugerencias", { params: { q: text } });
  return asArray<Cliente>(data);
}

/** GET api/presupuestos/{id}/vendedor: who made the quote (its PDF names them). */
export async function getVendedor(id: number): Promise<VendedorPresupuesto> {
  const { data } = await api.get<VendedorPresupuesto>(`/presupuestos/${path(id)}/vendedor`);
  return data;
}

/** GET api/presupuestos/id/{id}. */
export async function getPresupuesto(id: number): Promise<Presupuesto> {
  const { data } = await api.get<Presupuesto>(`/presupuestos/id/${path(id)}`);
  return data;
}

/** GET api/presupuestos/cliente/{id}, newest first. */
export async function fetchPresupuestosDeCliente(clienteId: number): Promise<Presupuesto[]> {
  const { data } = await api.get(`/presupuestos/cliente/${path(clienteId)}`);
  return asArray<Presupuesto>(data);
}

/** Same, but a failure leaves an empty list. */
export const listPresupuestosDeCliente = quietly(fetchPresupuestosDeCliente, "No se pudieron cargar los presupuestos del cliente");

export async function createPresupuesto(body: PresupuestoData): Promise<Presupuesto> {
  const { data } = await api.post<Presupuesto>("/presupuestos", body);
  return data;
}

/** GET api/items_presupuesto/presupuesto/{id}, in entry order. */
export async function fetchItems(presupuestoId: number): Promise<ItemPresupuesto[]> {
  const { data } = await api.get(`/items_presupuesto/presupuesto/${path(presupuestoId)}`);
  return asArray<ItemPresupuesto>(data);
}

/**
 * POST api/items_presupuesto. `idempotencyKey` identifies the item as the user built it,
 * so re-sending it after a lost answer cannot store it twice.
 */
export async function createItem(body: ItemPresupuestoBody, idempotencyKey?: string): Promise<ItemPresupuesto> {
  const headers = idempotencyKey ? { [IDEMPOTENCY_HEADER]: idempotencyKey } : undefined;
  const { data } = await api.post<ItemPresupuesto>("/items_presupuesto", ownFields(itemPresupuestoSchema, body), { headers });
  return data;
}

export async function updateItem(id: number, body: ItemPresupuestoBody): Promise<ItemPresupuesto> {
  const { data } = await api.put<ItemPresupuesto>(`/items_presupuesto/${path(id)}`, ownFields(itemPresupuestoUpdateSchema, body));
  return data;
}

/** DELETE api/items_presupuesto/{id} of the quote the screen shows: the server refuses it (400) if the item is another quote's. */
export async function deleteItem(id: number, presupuestoId: number): Promise<void> {
  await api.delete(`/items_presupuesto/${path(id)}`, { params: { presupuesto_id: presupuestoId } });
}
