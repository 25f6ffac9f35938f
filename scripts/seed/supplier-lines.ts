// What each seeded supplier sells, from the first word of its name (purchasing.ts names
// them "Aluminios del Sur SpA", "Vidrios Andes SpA"…): its orders and invoices name
// products of these categories only. General suppliers (Distribuidora, Comercial,
// Importadora) sell everything.
import type { PautaCategory } from "../../src/domain/pautas/categories";
import { categoryOfCode } from "./materiales";

const LINES: Readonly<Record<string, readonly PautaCategory[]>> = {
  Aluminios: ["perfiles", "refuerzos"],
  Perfiles: ["perfiles", "refuerzos"],
  Vidrios: ["vidrio"],
  Termopaneles: ["vidrio"],
  Herrajes: ["herraje", "accesorios"],
  Accesorios: ["accesorios", "gomascepillos"],
  Ferretería: ["tornillos", "instalacion", "accesorios"],
};

/** The categories a supplier sells; null = every category. */
export function supplierCategories(proveedor: string): readonly PautaCategory[] | null {
  return LINES[proveedor.split(" ")[0]] ?? null;
}

/** The products of `all` that `proveedor` sells (all of them for a general supplier). */
export function productsSoldBy<P extends { codigo: string }>(proveedor: string, all: readonly P[]): readonly P[] {
  const cats = supplierCategories(proveedor);
  if (!cats) return all;
  const mine = all.filter((p) => {
    const c = categoryOfCode(p.codigo);
    return c !== undefined && cats.includes(c);
  });
  return mine.length > 0 ? mine : all;
}
