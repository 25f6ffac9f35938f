// Administración → Respaldos: the backups' state, a backup now, the settings and the
// download (typed by src/domain/respaldos).
import { api } from "../../../providers/api";
import type { AjustesRespaldo, EstadoRespaldosWire } from "../../../domain/respaldos/schemas";

export type EstadoRespaldos = EstadoRespaldosWire;
export type { AjustesRespaldo };

/** GET api/respaldos. */
export async function getRespaldos(): Promise<EstadoRespaldos> {
  const { data } = await api.get<EstadoRespaldos>("/respaldos");
  return data;
}

/** POST api/respaldos: starts one in the background (409 when one runs). */
export async function respaldarAhora(): Promise<{ archivo: string; mensaje: string }> {
  const { data } = await api.post<{ archivo: string; mensaje: string }>("/respaldos", {});
  return data;
}

/** PUT api/respaldos/ajustes. */
export async function guardarAjustesRespaldo(body: AjustesRespaldo): Promise<AjustesRespaldo> {
  const { data } = await api.put<AjustesRespaldo>("/respaldos/ajustes", body);
  return data;
}

/** GET api/respaldos/archivos/:archivo, saved by the browser under its own name. */
export async function descargarRespaldo(archivo: string): Promise<void> {
  const { data } = await api.get<Blob>(`/respaldos/archivos/${encodeURIComponent(archivo)}`, { responseType: "blob" });
  const url = URL.createObjectURL(data);
  try {
    const a = document.createElement("a");
    a.href = url;
    a.download = archivo;
    document.body.appendChild(a);
    a.click();
    a.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
