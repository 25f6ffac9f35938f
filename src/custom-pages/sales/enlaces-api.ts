// The client's quote link (issue 34): the signed-in calls (make, list, revoke a quote's
// links) through the shell's axios instance, and the public page's calls (no session)
// through plain fetch, so a client's phone never meets the session handling.
import { api } from "../../providers/api";
import { path } from "../../data/common";
import type { AceptacionInput, EnlaceCreado, EnlaceRow, PresupuestoPublico, RechazoInput } from "../../domain/sales/enlaces";

export type { EnlaceCreado, EnlaceRow, PresupuestoPublico };

/** POST api/presupuestos/{id}/enlaces: the URL comes back this once. */
export async function createEnlace(presupuestoId: number): Promise<EnlaceCreado> {
  const { data } = await api.post<EnlaceCreado>(`/presupuestos/${path(presupuestoId)}/enlaces`);
  return data;
}

/** GET api/presupuestos/{id}/enlaces. */
export async function fetchEnlaces(presupuestoId: number): Promise<EnlaceRow[]> {
  const { data } = await api.get<EnlaceRow[]>(`/presupuestos/${path(presupuestoId)}/enlaces`);
  return data;
}

/** DELETE api/presupuestos/{id}/enlaces/{enlaceId}. */
export async function revokeEnlace(presupuestoId: number, enlaceId: number): Promise<void> {
  await api.delete(`/presupuestos/${path(presupuestoId)}/enlaces/${path(enlaceId)}`);
}

/** A refusal of a public call: the server's Spanish message and field errors. */
export class PublicError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string[]> = {},
  ) {
    super(message);
  }
}

async function publicCall<T>(url: string, init?: RequestInit): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`/api/publico/presupuestos/${url}`, { ...init, headers: { "content-type": "application/json", ...(init?.headers ?? {}) }, referrerPolicy: "no-referrer" });
  } catch {
    throw new PublicError(0, "No hay conexión. Revise su internet e intente de nuevo.");
  }
  const body = (await res.json().catch(() => null)) as { message?: string; errors?: Record<string, string[]> } | null;
  if (!res.ok) throw new PublicError(res.status, body?.message ?? "No se pudo completar la solicitud.", body?.errors ?? {});
  return body as T;
}

/** GET api/publico/presupuestos/{token}. */
export const getPresupuestoPublico = (token: string) => publicCall<PresupuestoPublico>(path(token), { method: "GET", headers: {} });

/** POST …/{token}/aceptacion. */
export const aceptarPresupuesto = (token: string, body: AceptacionInput) =>
  publicCall<{ message: string; aceptacion: NonNullable<PresupuestoPublico["aceptacion"]> }>(`${path(token)}/aceptacion`, { method: "POST", body: JSON.stringify(body) });

/** POST …/{token}/rechazo. */
export const rechazarPresupuesto = (token: string, body: RechazoInput) => publicCall<{ message: string }>(`${path(token)}/rechazo`, { method: "POST", body: JSON.stringify(body) });
