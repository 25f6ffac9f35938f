// Administración → «Historial de cambios» (issue 19; Informático and Gerencia): every
// audit row, newest first, 20 a page from the server, filtered by user, entity (the
// table), record (its id or code, as typed) and a range of dates in Chile.
import { Card, Form, Input, Select } from "antd";
import { fetchAuditUsers, fetchAuditoria, type Auditoria } from "../api/search";
import { DateRangeField } from "../../../components/DateField";
import { Page } from "../../../components/Page";
import { useApiQuery, usePagedQuery } from "../../../data/query";
import { AUDIT_ENTITY_LABELS } from "../../../domain/auditoria";
import { addDays } from "../../../domain/dates";
import { ChangeTable } from "./ChangeTable";
import { totalText } from "../../../domain/format/total";
import { platformKeys } from "../keys";

const PAGE = 20;

interface Query {
  page: number;
  /** The «Registro» box (entidad_id), sent after a pause like a search box. */
  q: string;
  usuario?: number;
  entidad?: string;
  desde?: string;
  hasta?: string;
}

const ENTITY_OPTIONS = Object.entries(AUDIT_ENTITY_LABELS)
  .map(([value, label]) => ({ value, label }))
  .sort((a, b) => a.label.localeCompare(b.label, "es"));

export default function HistorialCambiosPage() {
  const users = useApiQuery(platformKeys.historyUsers(), () => fetchAuditUsers().then((rows) => rows.map((u) => ({ value: u.id, label: u.nombre }))), { failMessage: "No se pudieron cargar los usuarios" }).current ?? [];
  const { query, setQuery, text, setText, latest, current } = usePagedQuery<Query, Auditoria>(
    platformKeys.history,
    { page: 1, q: "" },
    (q) =>
      fetchAuditoria({
        start: (q.page - 1) * PAGE,
        end: q.page * PAGE,
        usuario_id: q.usuario,
        entidad: q.entidad,
        entidad_id: q.q || undefined,
        fecha_gte: q.desde,
        fecha_lt: q.hasta ? addDays(q.hasta, 1) : undefined,
      }),
    "No se pudo cargar el historial de cambios",
  );


  const set = (patch: Partial<Query>) => setQuery((q) => ({ ...q, ...patch, page: 1 }));

  return (
    <Page title="Historial de cambios" subtitle="Quién cambió qué y cuándo: cada creación, modificación y eliminación, con los valores anteriores y nuevos.">
      <Card size="small">
        <Form layout="vertical" component="div">
          <div className="vt-grid">
            <Form.Item className="span-3" label="Usuario" htmlFor="hist-usuario">
              <Select id="hist-usuario" allowClear showSearch optionFilterProp="label" placeholder="Todos" options={users} value={query.usuario} onChange={(v?: number) => set({ usuario: v })} />
            </Form.Item>
            <Form.Item className="span-3" label="Entidad" htmlFor="hist-entidad">
              <Select id="hist-entidad" allowClear showSearch optionFilterProp="label" placeholder="Todas" options={ENTITY_OPTIONS} value={query.entidad} onChange={(v?: string) => set({ entidad: v })} />
            </Form.Item>
            <Form.Item className="span-3" label="Registro" htmlFor="hist-registro">
              <Input id="hist-registro" allowClear placeholder="Id o código" value={text} maxLength={100} onChange={(e) => setText(e.target.value)} />
            </Form.Item>
            <Form.Item className="span-3" label="Fechas" htmlFor="hist-fechas">
              <DateRangeField
                id={{ start: "hist-fechas", end: "hist-fechas-hasta" }}
                value={[query.desde ?? null, query.hasta ?? null]}
                onChange={([desde, hasta]) => set({ desde: desde ?? undefined, hasta: hasta ?? undefined })}
              />
            </Form.Item>
          </div>
        </Form>
      </Card>
      <Card size="small">
        <ChangeTable
          rows={current?.rows ?? []}
          loading={!current}
          withEntity
          label="Historial de cambios"
          emptyText={current?.failed ? "No se pudo cargar el historial." : "Sin cambios para estos filtros"}
          pagination={{
            current: query.page,
            pageSize: PAGE,
            total: current?.total ?? latest?.total ?? 0,
            showSizeChanger: false,
            onChange: (page) => setQuery((q) => ({ ...q, page })),
            showTotal: (n) => totalText(n, (current ?? latest)?.capped ?? false, "cambio"),
          }}
        />
      </Card>
    </Page>
  );
}
