// The inventory API as the web app calls it outside Refine's data provider (specification
// section 7, "Inventory"): one typed function per call, types from src/domain/inventory.
// Functions named list… follow the specification's silent failures (an empty list).
import { api } from "../providers/api";
import type { MaterialInput, MaterialRow, PrecioMaterialRow } from "../domain/inventory";
import { asArray, quietly } from "./common";

export type Material = MaterialRow;

/** GET api/materiales/sugerencias: up to 20 products whose code or name contains the text (the exact code first). */
export async function suggestMateriales(text: string): Promise<Material[]> {
  const { data } = await api.get("/materiales/sugerencias", { params: { q: text } });
  return asArray<Material>(data);
}

/** GET api/materiales: every product (codigo, producto, precio_unitario…), by code. */
export async function fetchMateriales(): Promise<Material[]> {
  const { data } = await api.get("/materiales");
  return asArray<Material>(data);
}
export const listMateriales = quietly(fetchMateriales, "No se pudieron cargar los materiales");

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
