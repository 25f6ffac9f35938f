// GET api/materiales/sugerencias?q=: code and product pickers search as the user types:
// up to 20 products whose code or name contains the text, the exact code first.
import { asc } from "drizzle-orm";
import type { MaterialRow } from "../../../src/domain/inventory/schemas";
import type { Db } from "../../db/connect";
import { materiales } from "../../db/schema";
import { suggestions } from "../../lists";
import { materialColumns } from "./material-row";

export function suggestMateriales(db: Db, text: string | undefined): Promise<MaterialRow[]> {
  return suggestions<MaterialRow>(
    db,
    {
      table: materiales,
      columns: materialColumns,
      match: [materiales.codigo, materiales.producto],
      exact: materiales.codigo,
      orderBy: [asc(materiales.codigo)],
    },
    text,
  );
}
