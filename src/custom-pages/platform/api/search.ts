// The top bar's global search (GET api/buscar) and the history (GET api/auditoria), as
// the web calls them; types from src/domain/search and src/domain/auditoria.
import { api } from "../../../providers/api";
import type { SearchAnswer } from "../../../domain/search";
import type { z } from "zod";
import type { AuditoriaRow, auditoriaRow } from "../../../domain/auditoria";
import { asArray } from "../../../data/common";
import { pagedAnswer, type Paged } from "../../../data/page";

export async function searchAll(q: string, signal?: AbortSignal): Promise<SearchAnswer> {
  const { data } = await api.get<SearchAnswer>("/buscar", { params: { q }, signal });
  return data;
}

/** An audit row as JSON carries its date as text. */
export type Auditoria = Omit<AuditoriaRow, "fecha"> & { fecha: z.input<typeof auditoriaRow>["fecha"] };

export interface AuditoriaQuery {
  start: number;
  end: number;
  usuario_id?: number;
  entidad?: string;
  entidad_id?: string;
  /** "tabla:id": the record's changes and its items' (a quote's, an order's). */
  registro?: string;
  /** Santiago dates, "YYYY-MM-DD": from the start of `desde` to the end of `hasta`. */
  fecha_gte?: string;
  fecha_lt?: string;
}

export async function fetchAuditoria(query: AuditoriaQuery): Promise<Paged<Auditoria>> {
  const { start, end, ...filters } = query;
  const params: Record<string, string | number> = { _start: start, _end: end };
  for (const [k, v] of Object.entries(filters)) if (v !== undefined && v !== "") params[k] = v;
  const { data, headers } = await api.get("/auditoria", { params });
  return pagedAnswer<Auditoria>(data, headers);
}

export async function fetchAuditUsers(): Promise<{ id: number; nombre: string }[]> {
  const { data } = await api.get("/auditoria/usuarios");
  return asArray(data);
}
