// "Ver solicitudes de Bodega" (/BodegaSolicitudesPage, Adquisiciones menu), specification
// 2.6 item 6 and 4: the warehouse requests a page at a time, newest first; the switch "Ver
// solo pendientes" (on by default) hides approved ones on the server; the checkbox of a
// request approves it (aprobada true: Aprobado, who and when) or reverts it, saved at once;
// a failed save puts the box back and says so.
import { useState } from "react";
import { Card, Checkbox, Switch, Tag } from "antd";
import { fetchSolicitudes, setSolicitudAprobada, type Solicitud } from "../api";
import { useApiQuery, useWrite } from "../../../data/query";
import { LABEL_SOLO_PENDIENTES, isSolicitudAprobada } from "../../../domain/inventory";
import { formatDateTime } from "../../../domain/format";
import { Page } from "../../../components/Page";
import { FitTable } from "../../../components/ResponsiveTable";
import { actionsColumn, dateColumn, numberColumn, textColumn } from "../../../components/columns";
import { useBanner } from "../../../components/useBanner";
import { useBusy } from "../../../components/useBusy";
import { inventoryKeys } from "../keys";

export const SOLICITUDES_PAGE = 25;
export const MSG_APROBAR_ERROR = (id: number) => `No se pudo guardar la aprobación de la solicitud ${id}. Intente nuevamente.`;

interface Query {
  page: number;
  soloPendientes: boolean;
}

export default function BodegaSolicitudesPage() {
  const [query, setQuery] = useState<Query>({ page: 1, soloPendientes: true });
  const { busy, during } = useBusy<number>();
  const { banner, show, clear } = useBanner();
  const page = useApiQuery(
    inventoryKeys.solicitudes(query),
    () => {
      const start = (query.page - 1) * SOLICITUDES_PAGE;
      return fetchSolicitudes({ start, end: start + SOLICITUDES_PAGE, soloPendientes: query.soloPendientes });
    },
    { failMessage: "No se pudieron cargar las solicitudes" },
  );
  const current = page.failed ? { rows: [], total: 0, capped: false } : page.current;
  const write = useWrite();
  const replace = (row: Solicitud) => page.setData((a) => ({ ...a, rows: a.rows.map((r) => (r.id === row.id ? row : r)) }));

  const toggle = (row: Solicitud, aprobada: boolean) =>
    during(row.id, async () => {
      replace({ ...row, estado: aprobada ? "Aprobado" : "Pendiente" });
      try {
        replace(await write(() => setSolicitudAprobada(row.id, aprobada), { from: inventoryKeys.solicitudes() }));
      } catch (error) {
        console.error("No se pudo aprobar la solicitud", error);
        replace(row);
        show({ type: "error", message: MSG_APROBAR_ERROR(row.id) });
      }
    });

  return (
    <Page title="Ver solicitudes de Bodega" subtitle="Marque una solicitud para aprobarla; desmárquela para revertir." banner={banner} onCloseBanner={clear}>
      <Card size="small">
        <label className="vt-switch-label">
          <Switch checked={query.soloPendientes} onChange={(on) => setQuery({ page: 1, soloPendientes: on })} aria-label={LABEL_SOLO_PENDIENTES} /> {LABEL_SOLO_PENDIENTES}
        </label>
      </Card>
      <Card size="small">
        <FitTable<Solicitud>
          rowKey="id"
          size="small"
          aria-label="Solicitudes de bodega"
          dataSource={current?.rows ?? []}
          loading={!current}
          locale={{ emptyText: current ? (query.soloPendientes ? "No hay solicitudes pendientes." : "No hay solicitudes.") : "Cargando solicitudes..." }}
          pagination={{ current: query.page, pageSize: SOLICITUDES_PAGE, total: current?.total ?? 0, showSizeChanger: false, onChange: (page) => setQuery((q) => ({ ...q, page })) }}
          columns={[
            { title: "N°", dataIndex: "id", key: "id", width: 56 },
            { title: "Código", dataIndex: "codigo", key: "codigo", width: 72 },
            textColumn<Solicitud>({ title: "Producto", dataIndex: "producto", key: "producto", width: 150 }),
            numberColumn<Solicitud>({ title: "Cantidad", dataIndex: "cantidad", key: "cantidad", width: 76 }),
            textColumn<Solicitud>({ title: "Solicitante", dataIndex: "solicitante", key: "solicitante", width: 120 }),
            { title: "Estado", dataIndex: "estado", key: "estado", width: 96, render: (v: string) => <Tag color={isSolicitudAprobada(v) ? "green" : "gold"}>{v}</Tag> },
            dateColumn<Solicitud>({ title: "Fecha creación", dataIndex: "fecha_creacion", key: "creacion", withTime: true, width: 140 }),
            textColumn<Solicitud>(
              {
                title: "Fecha aprobación",
                dataIndex: "fecha_aprobacion",
                key: "aprobacion",
                width: 140,
                render: (v: string | null, r) => (v ? `${formatDateTime(v)}${r.aprobado_por ? ` · ${r.aprobado_por}` : ""}` : "—"),
              },
            ),
            {
              ...actionsColumn<Solicitud>(
                (_, r) => <Checkbox aria-label={`Aprobar solicitud ${r.id}`} checked={isSolicitudAprobada(r.estado)} disabled={busy.has(r.id)} onChange={(e) => void toggle(r, e.target.checked)} />,
                { title: "Aprobar", width: 76 },
              ),
              align: "center",
            },
          ]}
        />
      </Card>
    </Page>
  );
}
