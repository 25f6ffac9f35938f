// A record's «Historial» tab (client, quote, OC, supplier, material): its audit rows,
// and its items' (a quote's items_presupuesto, an order's items_oc), newest first, 10 a page
// from the server (GET api/auditoria?registro=tabla:id).
// Only Informático and Gerencia see it (useCanSeeHistory).
import { useEffect, useState } from "react";
import { useGetIdentity } from "@refinedev/core";
import { fetchAuditoria, type Auditoria } from "../api/search";
import { useApiQuery } from "../../../data/query";
import { canAccess } from "../../../domain/roles/roles";
import type { SessionUser } from "../../../providers/session";
import { ChangeTable } from "./ChangeTable";
import { totalText } from "../../../domain/format/total";
import { platformKeys } from "../keys";

const PAGE = 10;

/** The history is Administración's: Informático and Gerencia. */
export function useCanSeeHistory(): boolean {
  const { data: user } = useGetIdentity<SessionUser | null>();
  return !!user && canAccess(user.rol, "administracion", "read");
}

export function RecordHistory({ entidad, entidadId }: { entidad: string; entidadId: string | number }) {
  const [page, setPage] = useState(1);
  useEffect(() => setPage(1), [entidad, entidadId]);
  const history = useApiQuery(
    platformKeys.recordHistory(entidad, String(entidadId), page),
    () => fetchAuditoria({ start: (page - 1) * PAGE, end: page * PAGE, registro: `${entidad}:${entidadId}` }),
    { failMessage: "No se pudo cargar el historial", keepPrevious: true },
  );
  const current = history.failed ? { rows: [] as Auditoria[], total: 0, capped: false } : history.current;
  const answer = current ?? history.latest;
  return (
    <ChangeTable
      rows={current?.rows ?? []}
      loading={!current}
      withEntity={!!current?.rows.some((r) => r.entidad !== entidad)}
      label="Historial del registro"
      emptyText="Sin cambios registrados"
      pagination={{ current: page, pageSize: PAGE, total: answer?.total ?? 0, showSizeChanger: false, onChange: setPage, showTotal: (n) => totalText(n, answer?.capped ?? false, "cambio") }}
    />
  );
}
