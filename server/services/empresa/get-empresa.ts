// GET api/empresa: the company's single row (seeded by the migration, so always there).
import { eq } from "drizzle-orm";
import { empresaRow, type EmpresaRow } from "../../../src/domain/empresa/schemas";
import { rowColumns } from "../../db/columns";
import type { Db } from "../../db/connect";
import { empresa } from "../../db/schema";
import { notFound } from "../../errors";
import type { Tx } from "../write";

export const empresaColumns = rowColumns(empresa, empresaRow);
export const MSG_EMPRESA_NO_EXISTE = "Faltan los datos de la empresa: revise las migraciones.";

export async function getEmpresa(db: Db | Tx): Promise<EmpresaRow> {
  const [row] = await db.select(empresaColumns).from(empresa).where(eq(empresa.id, 1));
  if (!row) throw notFound(MSG_EMPRESA_NO_EXISTE);
  return row;
}
