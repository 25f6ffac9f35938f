// GET api/proveedores/sugerencias?q=: the supplier box of "Crear OC" searches as the user
// types (name or RUT contains the text), the exact name first.
import { asc } from "drizzle-orm";
import type { ProveedorRow } from "../../../src/domain/purchasing/schemas";
import type { Db } from "../../db/connect";
import { proveedores } from "../../db/schema";
import { byHumanName, suggestions } from "../../lists";
import { proveedorColumns } from "./proveedor-row";

export function suggestProveedores(db: Db, text: string | undefined): Promise<ProveedorRow[]> {
  return suggestions<ProveedorRow>(
    db,
    {
      table: proveedores,
      columns: proveedorColumns,
      match: [proveedores.proveedor, proveedores.rut],
      exact: proveedores.proveedor,
      orderBy: [asc(byHumanName(proveedores.proveedor)), asc(proveedores.id)],
    },
    text,
  );
}
