// GET api/clientes/sugerencias?q=: the client pickers (Nuevo Presupuesto's client box, the
// client selectors of the item screens and of a quote's edit page) search as the user
// types instead of loading every client: up to 20 clients whose name or RUT contains the
// text (case and accents ignored), the one whose name is the text first, then by name.
import { asc } from "drizzle-orm";
import type { ClienteRow } from "../../../src/domain/sales/schemas";
import type { Db } from "../../db/connect";
import { clientes } from "../../db/schema";
import { byHumanName, suggestions } from "../../lists";
import { clienteColumns } from "./cliente-row";

export function suggestClientes(db: Db, text: string | undefined): Promise<ClienteRow[]> {
  return suggestions<ClienteRow>(
    db,
    {
      table: clientes,
      columns: clienteColumns,
      match: [clientes.nombre, clientes.rut],
      exact: clientes.nombre,
      orderBy: [asc(byHumanName(clientes.nombre)), asc(clientes.id)],
    },
    text,
  );
}
