// The workshop and worker calls of the web app (specification section 7 "Workshop and
// workers"): one typed function per call, types from src/domain/workshop. They throw on
// failure; the screens show the section 8 messages.
import { api } from "../../providers/api";
import type { Instalador } from "../../config/empresa";
import type {
  CopiarPlanillaResult,
  InstalacionRow,
  TermopanelInput,
  TermopanelRow,
  TrabajadorRow,
  UtvInput,
  UtvRow,
} from "../../domain/workshop/schemas";
import type { TrabajadorInput } from "../../domain/workshop/fields";
import { asArray, ownFields, path } from "../../data/common";
import { termopanelSchema, trabajadorUpdateSchema, utvSchema } from "../../domain/workshop/schemas";
import { trabajadorSchema } from "../../domain/workshop/fields";

export type Utv = UtvRow;
export type Termopanel = TermopanelRow;
export type Instalacion = InstalacionRow;
export type Trabajador = TrabajadorRow;

/** The month filter as the screens send it: mes "01"-"12", anio 2024…. */
export interface MesAnio {
  mes: string;
  anio: number;
}

/** GET api/taller/utv?mes&anio. */
export async function fetchUtv(m: MesAnio): Promise<Utv[]> {
  const { data } = await api.get("/taller/utv", { params: m });
  return asArray<Utv>(data);
}

/** POST api/taller/utv. */
export async function createUtv(body: UtvInput): Promise<Utv> {
  const { data } = await api.post<Utv>("/taller/utv", ownFields(utvSchema, body));
  return data;
}

/** PUT api/taller/utv/{id}: the whole record. */
export async function updateUtv(id: number, body: UtvInput): Promise<Utv> {
  const { data } = await api.put<Utv>(`/taller/utv/${path(id)}`, ownFields(utvSchema, body));
  return data;
}

/** PUT api/taller/utv/{id}/instalador. */
export async function updateUtvInstalador(id: number, instalador: Instalador | null): Promise<Utv> {
  const { data } = await api.put<Utv>(`/taller/utv/${path(id)}/instalador`, { instalador });
  return data;
}

/** DELETE api/taller/utv/{id}. */
export async function deleteUtv(id: number): Promise<void> {
  await api.delete(`/taller/utv/${path(id)}`);
}

/** GET api/taller/termopanel?mes&anio. */
export async function fetchTermopaneles(m: MesAnio): Promise<Termopanel[]> {
  const { data } = await api.get("/taller/termopanel", { params: m });
  return asArray<Termopanel>(data);
}

/** POST api/taller/termopanel (the server computes m2). */
export async function createTermopanel(body: TermopanelInput): Promise<Termopanel> {
  const { data } = await api.post<Termopanel>("/taller/termopanel", ownFields(termopanelSchema, body));
  return data;
}

/** DELETE api/taller/termopanel/{id}. */
export async function deleteTermopanel(id: number): Promise<void> {
  await api.delete(`/taller/termopanel/${path(id)}`);
}

/** GET api/taller/instalaciones?mes&anio: the company's own installs of the month. */
export async function fetchInstalaciones(m: MesAnio): Promise<Instalacion[]> {
  const { data } = await api.get("/taller/instalaciones", { params: m });
  return asArray<Instalacion>(data);
}

/** GET api/trabajadores?periodo=YYYY-MM. */
export async function fetchTrabajadores(periodo: string): Promise<Trabajador[]> {
  const { data } = await api.get("/trabajadores", { params: { periodo } });
  return asArray<Trabajador>(data);
}

/** POST api/trabajadores. */
export async function createTrabajador(body: TrabajadorInput): Promise<Trabajador> {
  const { data } = await api.post<Trabajador>("/trabajadores", ownFields(trabajadorSchema, body));
  return data;
}

/** PUT api/trabajadores/{id}. */
export async function updateTrabajador(id: number, body: TrabajadorInput): Promise<Trabajador> {
  const { data } = await api.put<Trabajador>(`/trabajadores/${path(id)}`, ownFields(trabajadorUpdateSchema, body));
  return data;
}

/** DELETE api/trabajadores/{id}. */
export async function deleteTrabajador(id: number): Promise<void> {
  await api.delete(`/trabajadores/${path(id)}`);
}

/** POST api/trabajadores/copiar?de=&a=. */
export async function copyPlanilla(de: string, a: string): Promise<CopiarPlanillaResult> {
  const { data } = await api.post<CopiarPlanillaResult>("/trabajadores/copiar", {}, { params: { de, a } });
  return data;
}
