// The purchasing API as the web app calls it (specification section 7, "Purchase orders"):
// one typed function per call, types from src/domain/purchasing. list… follow the
// specification's silent failures (an empty list); fetch…/get… throw.
import { api } from "../../providers/api";
import type {
  BorradorRow,
  IngresarFacturaInput,
  IngresarFacturaRow,
  ItemOcInput,
  ItemOcRow,
  OrdenCompraDetalleRow,
  OrdenCompraEstadoRow,
  OrdenCompraInput,
  ProveedorRow,
} from "../../domain/purchasing";
import { asArray, ownFields, path, quietly } from "../../data/common";
import { itemOcCreateSchema, itemOcFieldsSchema } from "../../domain/purchasing/schemas";
import { readPage, type Paged } from "../../data/page";

export type Proveedor = ProveedorRow;
/** What the supplier pickers get (GET proveedores/sugerencias): the id, the name and the RUT (issue 32). */
export type ProveedorSugerido = Pick<ProveedorRow, "id" | "proveedor" | "rut">;
export type OrdenCompra = OrdenCompraEstadoRow;
export type ItemOc = ItemOcRow;
export type OrdenCompraDetalle = OrdenCompraDetalleRow;
export type Borrador = BorradorRow;


// ---------------------------------------------------------------- Suppliers

export async function suggestProveedores(text: string): Promise<ProveedorSugerido[]> {
  const { data } = await api.get("/proveedores/sugerencias", { params: { q: text } });
  return asArray<ProveedorSugerido>(data);
}

// ---------------------------------------------------------------- Orders

/** GET api/ultima_oc: the highest order number. */
export async function getUltimaOc(): Promise<number> {
  const { data } = await api.get<{ ultimo: number }>("/ultima_oc");
  return data.ultimo;
}

export async function createOrdenCompra(body: OrdenCompraInput): Promise<OrdenCompra> {
  const { data } = await api.post<OrdenCompra>("/ordenes_compra", body);
  return data;
}

/** GET api/ordenes_compra_estado with the list parameters (estado in any spelling, q, filters, _start/_end). */
export async function fetchOrdenesEstado(params: Record<string, string | number | undefined>): Promise<Paged<OrdenCompra>> {
  return readPage<OrdenCompra>("/ordenes_compra_estado", params);
}

export async function getOrdenCompra(numero: number): Promise<OrdenCompraDetalle> {
  const { data } = await api.get<OrdenCompraDetalle>(`/ordenes_compra/${path(numero)}`);
  return data;
}

export async function updateComentarioOc(numero: number, comentario: string): Promise<OrdenCompra> {
  const { data } = await api.put<OrdenCompra>(`/ordenes_compra/${path(numero)}`, { comentario });
  return data;
}

export async function fetchItemsOc(numero: number): Promise<ItemOc[]> {
  const { data } = await api.get(`/items_oc/${path(numero)}`);
  return asArray<ItemOc>(data);
}
export const listItemsOc = quietly(fetchItemsOc, "No se pudieron cargar los ítems de la OC");

export async function createItemOc(body: ItemOcInput & { numero_oc: number }): Promise<ItemOc> {
  const { data } = await api.post<ItemOc>("/items_oc", ownFields(itemOcCreateSchema, body));
  return data;
}

export async function updateItemOc(id: number, body: ItemOcInput): Promise<ItemOc> {
  const { data } = await api.put<ItemOc>(`/items_oc/${path(id)}`, ownFields(itemOcFieldsSchema, body));
  return data;
}

export async function deleteItemOc(id: number): Promise<void> {
  await api.delete(`/items_oc/${path(id)}`);
}

export async function ingresarFactura(body: IngresarFacturaInput): Promise<IngresarFacturaRow> {
  const { data } = await api.post<IngresarFacturaRow>("/ingresar_factura", body);
  return data;
}

/** POST api/ordenes_compra/borradores: draft orders for the shortage. */
export async function fetchBorradores(faltantes: { codigo: string; cantidad: number }[]): Promise<Borrador[]> {
  const { data } = await api.post("/ordenes_compra/borradores", { faltantes });
  return asArray<Borrador>(data);
}
