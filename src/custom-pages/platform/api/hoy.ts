// "Hoy": the day's cards of the signed-in role (GET api/resumen-diario).
import { api } from "../../../providers/api";
import type { ResumenDiario } from "../../../domain/hoy/schemas";

export async function fetchResumenDiario(): Promise<ResumenDiario> {
  const { data } = await api.get<ResumenDiario>("/resumen-diario");
  return data;
}
