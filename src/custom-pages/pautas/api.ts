// The technical-office lists (pautas) as the web app calls them (specification section 7,
// "Material exits, requests, lists", plus our additive calls): one typed function per
// call, types from src/domain/pautas. Functions named list… follow the specification's
// silent failures (an empty list); fetch…/save…/update… throw.
import { api } from "../../providers/api";
import { IDEMPOTENCY_HEADER } from "../../providers/http";
import type { PautaCategory } from "../../domain/pautas/categories";
import type { ObraReservaRow, PautaItemInput, PautaLoteResult, PautaRow } from "../../domain/pautas/schemas";
import { asArray, path } from "../../data/common";
import { pagedAnswer, type Paged } from "../../data/page";

export type Pauta = PautaRow;
export type ObraReserva = ObraReservaRow;

export interface PautaLoteHeader {
  cliente_id: number;
  presupuesto_id: number;
  numero_presupuesto: string;
}

const keyHeader = (idempotencyKey?: string) => (idempotencyKey ? { [IDEMPOTENCY_HEADER]: idempotencyKey } : undefined);

/**
 * POST api/ot_pautas/lote (ours): every category's lines in one transaction ("Guardar TODO").
 * `idempotencyKey` names the batch as the user built it: re-sending it after a lost answer
 * never adds the quantities twice.
 */
export async function savePautasTodo(
  body: PautaLoteHeader & { categorias: Partial<Record<PautaCategory, PautaItemInput[]>> },
  idempotencyKey?: string,
): Promise<PautaLoteResult> {
  const { data } = await api.post<PautaLoteResult>("/ot_pautas/lote", body, { headers: keyHeader(idempotencyKey) });
  return data;
}

/** GET api/ot_pautas/{category}?cliente_id=&presupuesto_id=: the quote's lines of that category. */
export async function fetchPautasPresupuesto(category: PautaCategory, clienteId: number, presupuestoId: number): Promise<Pauta[]> {
  const { data } = await api.get(`/ot_pautas/${path(category)}`, { params: { cliente_id: clienteId, presupuesto_id: presupuestoId } });
  return asArray<Pauta>(data);
}

/** PUT api/ot_pautas/{category}/{id}: the line's quantity; the server refuses (404) a line of another quote. */
export async function updatePautaCantidad(category: PautaCategory, id: number, cantidad: number, presupuestoId: number): Promise<Pauta> {
  const { data } = await api.put<Pauta>(`/ot_pautas/${path(category, id)}`, { cantidad }, { params: { presupuesto_id: presupuestoId } });
  return data;
}

/** DELETE api/ot_pautas/{category}/{id} of the quote the screen shows. */
export async function deletePauta(category: PautaCategory, id: number, presupuestoId: number): Promise<void> {
  await api.delete(`/ot_pautas/${path(category, id)}`, { params: { presupuesto_id: presupuestoId } });
}

/** PATCH api/stock-reservado/{table}/{id}: the warehouse has set the line aside (or not). */
export async function setSeparado(category: PautaCategory, id: number, separado: boolean): Promise<Pauta> {
  const { data } = await api.patch<Pauta>(`/stock-reservado/${path(category, id)}`, { separado });
  return data;
}

export interface ObrasReservaQuery {
  start: number;
  end: number;
  q?: string;
  /** Only works with lines still to set aside. */
  soloPendientes?: boolean;
}

/** GET api/stock-reservado/obras (ours): a page of active works with their lines, and the total. */
export async function fetchObrasReserva(query: ObrasReservaQuery): Promise<Paged<ObraReserva>> {
  const params: Record<string, string | number> = { _start: query.start, _end: query.end };
  if (query.q?.trim()) params.q = query.q.trim();
  if (query.soloPendientes) params.pendientes_gt = 0;
  const { data, headers } = await api.get("/stock-reservado/obras", { params });
  return pagedAnswer<ObraReserva>(data, headers);
}
