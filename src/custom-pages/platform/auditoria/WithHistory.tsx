// A record's page with a «Historial» tab: its current content becomes the first tab and
// the second lists the record's changes (RecordHistory). For the roles that may not read
// the history, or before the record is known, the content is shown as it was.
import { useState, type ReactNode } from "react";
import { Tabs } from "antd";
import { RecordHistory, useCanSeeHistory } from "./RecordHistory";

interface Props {
  /** The audited table (auditoria.entidad). */
  entidad: string;
  /** The record's key as audited (an id, an OC's number, a material's code). */
  entidadId: string | number | null | undefined;
  /** The first tab's name. */
  label?: string;
  children: ReactNode;
}

export function WithHistory({ entidad, entidadId, label = "Datos", children }: Props) {
  const canSee = useCanSeeHistory();
  const [active, setActive] = useState("datos");
  // Each visit to the tab reads the history again (an edit just saved shows at once).
  const [visit, setVisit] = useState(0);
  if (!canSee || entidadId === null || entidadId === undefined) return <>{children}</>;
  return (
    <Tabs
      activeKey={active}
      onChange={(key) => {
        setActive(key);
        if (key === "historial") setVisit((v) => v + 1);
      }}
      items={[
        { key: "datos", label, children },
        { key: "historial", label: "Historial", children: active === "historial" ? <RecordHistory key={visit} entidad={entidad} entidadId={entidadId} /> : null },
      ]}
    />
  );
}
