// PUT api/empresa: Informático replaces the company's data; the audit row holds the
// changed fields (a new logo as its size, not the image itself).
import { eq } from "drizzle-orm";
import { dataUrlBytes, type EmpresaData, type EmpresaRow } from "../../../src/domain/empresa/schemas";
import { empresa } from "../../db/schema";
import { changedFields } from "../changes";
import { write, type ServiceContext } from "../write";
import { empresaColumns, getEmpresa } from "./get-empresa";

const logoSummary = (logo: unknown) => (typeof logo === "string" ? `imagen de ${dataUrlBytes(logo)} bytes` : null);

export async function updateEmpresa(ctx: ServiceContext, data: EmpresaData): Promise<EmpresaRow> {
  return write(ctx, async (tx, audit) => {
    const before = await getEmpresa(tx);
    const [after] = await tx
      .update(empresa)
      .set({ ...data, actualizado_en: new Date() })
      .where(eq(empresa.id, 1))
      .returning(empresaColumns);
    const { actualizado_en: _a, ...changes } = changedFields(before, after);
    if (Object.keys(changes).length === 0) return after;
    if (changes.logo) changes.logo = { antes: logoSummary(changes.logo.antes), despues: logoSummary(changes.logo.despues) };
    await audit({ entity: empresa, entityId: 1, changes });
    return after;
  });
}
