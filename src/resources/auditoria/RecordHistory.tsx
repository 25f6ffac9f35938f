// A record's «Historial» tab (client, quote, OC, supplier, material): its audit rows,
// and its items' (a quote's items_presupuesto, an order's items_oc), newest first, 10 a page
// from the server (GET api/auditoria?registro=tabla:id).
// Only Informático and Gerencia see it (useCanSeeHistory).
import { useEffect, useState } from "react";
import { useGetIdentity } from "@refinedev/core";
import { fetchAuditoria, type Auditoria } from "../../api/search";
import { canAccess } from "../../domain/roles/roles";
import type { SessionUser } from "../../providers/session";
import { ChangeTable } from "./ChangeTable";
import { totalText } from "../../domain/format/total";

const PAGE = 10;

/** The history is Administración's: Informático and Gerencia. */
export function useCanSeeHistory(): boolean {
  const { data: user } = useGetIdentity<SessionUser | null>();
  return !!user && canAccess(user.rol, "administracion", "read");
}

interface Answer {
  key: string;
  rows: Auditoria[];
  total: number;
  capped?: boolean;
}

export function RecordHistory({ entidad, entidadId }: { entidad: string; entidadId: string | number }) {
  const [page, setPage] = useState(1);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const key = `${entidad}\u0000${entidadId}\u0000${page}`;

  useEffect(() => setPage(1), [entidad, entidadId]);

  useEffect(() => {
    let live = true;
    fetchAuditoria({ start: (page - 1) * PAGE, end: page * PAGE, registro: `${entidad}:${entidadId}` }).then(
      ({ rows, total, capped }) => live && setAnswer({ key, rows, total, capped }),
      (error: unknown) => {
        console.error("No se pudo cargar el historial", error);
        if (live) setAnswer({ key, rows: [], total: 0 });
      },
    );
    return () => {
      live = false;
    };
  }, [entidad, entidadId, page, key]);

  const current = answer?.key === key ? answer : null;
  return (
    <ChangeTable
      rows={current?.rows ?? []}
      loading={!current}
      withEntity={!!current?.rows.some((r) => r.entidad !== entidad)}
      label="Historial del registro"
      emptyText="Sin cambios registrados"
      pagination={{ current: page, pageSize: PAGE, total: current?.total ?? answer?.total ?? 0, showSizeChanger: false, onChange: setPage, showTotal: (n) => totalText(n, (current ?? answer)?.capped ?? false, "cambio") }}
    />
  );
}
