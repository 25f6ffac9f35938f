// The company's data (Administración → Empresa), read by the PDFs and edited by
// Informático: typed by src/domain/empresa.
import { api } from "../../../providers/api";
import type { Empresa, EmpresaInput } from "../../../domain/empresa/schemas";

export type { Empresa };

/** GET api/empresa (any signed-in user). */
export async function getEmpresa(): Promise<Empresa> {
  const { data } = await api.get<Empresa>("/empresa");
  return data;
}

/** PUT api/empresa (Informático). */
export async function updateEmpresa(body: EmpresaInput): Promise<Empresa> {
  const { data } = await api.put<Empresa>("/empresa", body);
  return data;
}
