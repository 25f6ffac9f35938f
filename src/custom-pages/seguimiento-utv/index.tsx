// "Seguimiento UTV" (/SeguimientoUTVPage, Bodega menu), specification 2.7, 4, 5, 8 and 9:
// the period and the pay PDF button; collapsible forms to register a UTV (create or edit
// mode, "Limpiar") and a thermal panel; month and year filters; the UTV table (installer
// changed in place, edit, delete with confirmation), the thermal table, the month's
// installations and a summary with the on-screen split by accumulated hours.
import { useSearchParams } from "react-router";
import { useEffect, useMemo, useState } from "react";
import { Button, Card, Collapse, Form, Popconfirm, Select, Table } from "antd";
import type { ColumnsType } from "antd/es/table";
import {
  createTermopanel,
  createUtv,
  deleteTermopanel,
  deleteUtv,
  fetchInstalaciones,
  fetchTermopaneles,
  fetchTrabajadores,
  fetchUtv,
  updateUtv,
  updateUtvInstalador,
  type Instalacion,
  type MesAnio,
  type Termopanel,
  type Trabajador,
  type Utv,
} from "../../api/workshop";
import { INSTALADORES, type Instalador } from "../../config/empresa";
import { formatCLP, formatNumber } from "../../domain/format";
import { formatM2 } from "../../domain/workshop/format";
import {
  MSG_ERROR_ACTUALIZAR_INSTALADOR,
  MSG_ERROR_CARGAR_TALLER,
  MSG_ERROR_ELIMINAR_REGISTRO,
  MSG_ERROR_GENERAR_PDF,
  MSG_ERROR_GUARDAR_TERMOPANEL,
  MSG_ERROR_GUARDAR_UTV,
  MSG_TERMOPANEL_REGISTRADO,
  MSG_UTV_ACTUALIZADO,
  MSG_UTV_GUARDADO,
} from "../../domain/workshop/messages";
import { formatWorkshopDate, periodoLabel, periodoParam } from "../../domain/workshop/periods";
import { termopanelValue, utvUnits, utvValue, workshopTotals } from "../../domain/workshop/production";
import { splitByAccumulatedHours } from "../../domain/workshop/split";
import { Page } from "../../components/Page";
import { useBanner } from "../../components/useBanner";
import { useApiQuery, useInvalidate } from "../../api/query";
import { showFieldErrors } from "../../components/zod-rule";
import { MonthFilter, currentMesAnio, periodoOf } from "./MonthFilter";
import { TermopanelForm, termopanelDefaults, type TermopanelFormValues } from "./TermopanelForm";
import { UtvForm, utvDefaults, type UtvFormValues } from "./UtvForm";
import "./seguimiento-utv.css";

interface Data {
  month: MesAnio;
  utvs: Utv[];
  termopaneles: Termopanel[];
  instalaciones: Instalacion[];
  trabajadores: Trabajador[];
}

const UTV_FIELDS = ["fecha", "nombre_pauta", "numero_pauta", "tipo", "fijo", "doble_corredera_fijo", "proyectante", "oscilobatiente", "doble_corredera", "marco_puerta", "marcos_adicionales", "comentario_marcos", "otro", "comentario_otro", "valor_m2", "m2_instalador", "instalador"];
const TERMO_FIELDS = ["fecha", "cliente", "cantidad", "ancho_mm", "alto_mm", "observaciones", "valor_m2"];

export default function SeguimientoUtvPage() {
  // ?periodo=AAAA-MM (the home's workshop cards) opens that month.
  const [params] = useSearchParams();
  const [month, setMonth] = useState<MesAnio>(() => currentMesAnio(periodoParam(params.get("periodo"))));
  const [panels, setPanels] = useState<string[]>([]);
  const [editing, setEditing] = useState<Utv | null>(null);
  const [savingUtv, setSavingUtv] = useState(false);
  const [savingTermo, setSavingTermo] = useState(false);
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [pdfBusy, setPdfBusy] = useState(false);
  const [utvForm] = Form.useForm<UtvFormValues>();
  const [termoForm] = Form.useForm<TermopanelFormValues>();
  const { banner, show, clear } = useBanner();
  const periodo = periodoOf(month);

  // The month's records (its key); a failed load leaves the month empty and says so.
  const monthData = useApiQuery(
    ["taller", periodo],
    async () => {
      const [utvs, termopaneles, instalaciones, trabajadores] = await Promise.all([fetchUtv(month), fetchTermopaneles(month), fetchInstalaciones(month), fetchTrabajadores(periodo)]);
      return { utvs, termopaneles, instalaciones, trabajadores };
    },
    { failMessage: MSG_ERROR_CARGAR_TALLER },
  );
  useEffect(() => {
    if (monthData.failed) show({ type: "error", message: MSG_ERROR_CARGAR_TALLER });
  }, [monthData.failed, show]);
  const invalidate = useInvalidate();
  /** After a write: the month's records (and the rosters) are read again. */
  const reload = () => Promise.all([invalidate(["taller"]), invalidate(["trabajadores"])]);
  const { current: records, failed } = monthData;
  const current: Data | null = useMemo(
    () => (failed ? { month, utvs: [], termopaneles: [], instalaciones: [], trabajadores: [] } : records && { month, ...records }),
    [month, failed, records],
  );
  const totals = useMemo(() => workshopTotals(current?.utvs ?? [], current?.termopaneles ?? []), [current]);
  const split = useMemo(() => splitByAccumulatedHours(totals.total, current?.trabajadores ?? []), [totals, current]);

  const mark = (key: string, on: boolean) =>
    setBusy((b) => {
      const next = new Set(b);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });

  const clearUtvForm = () => {
    setEditing(null);
    utvForm.resetFields();
    utvForm.setFieldsValue(utvDefaults());
  };

  const startEdit = (row: Utv) => {
    setEditing(row);
    utvForm.resetFields();
    utvForm.setFieldsValue({ ...row, nombre_pauta: row.nombre_pauta ?? "", numero_pauta: row.numero_pauta ?? "", comentario_marcos: row.comentario_marcos ?? "", comentario_otro: row.comentario_otro ?? "" });
    setPanels((p) => (p.includes("utv") ? p : [...p, "utv"]));
    clear();
  };

  const submitUtv = async (values: UtvFormValues) => {
    const target = editing;
    setSavingUtv(true);
    clear();
    try {
      if (target) await updateUtv(target.id, values);
      else await createUtv(values);
      show({ type: "success", message: target ? MSG_UTV_ACTUALIZADO : MSG_UTV_GUARDADO });
      clearUtvForm();
      await reload();
    } catch (error) {
      console.error(MSG_ERROR_GUARDAR_UTV, error);
      show({ type: "error", message: MSG_ERROR_GUARDAR_UTV, description: showFieldErrors(utvForm, error, UTV_FIELDS) });
    } finally {
      setSavingUtv(false);
    }
  };

  const submitTermo = async (values: TermopanelFormValues) => {
    setSavingTermo(true);
    clear();
    try {
      await createTermopanel(values);
      show({ type: "success", message: MSG_TERMOPANEL_REGISTRADO });
      termoForm.resetFields();
      termoForm.setFieldsValue(termopanelDefaults());
      await reload();
    } catch (error) {
      console.error(MSG_ERROR_GUARDAR_TERMOPANEL, error);
      show({ type: "error", message: MSG_ERROR_GUARDAR_TERMOPANEL, description: showFieldErrors(termoForm, error, TERMO_FIELDS) });
    } finally {
      setSavingTermo(false);
    }
  };

  const remove = async (kind: "utv" | "termo", id: number) => {
    const key = `${kind}-${id}`;
    mark(key, true);
    clear();
    try {
      if (kind === "utv") await deleteUtv(id);
      else await deleteTermopanel(id);
      if (kind === "utv" && editing?.id === id) clearUtvForm();
      await reload();
    } catch (error) {
      console.error(MSG_ERROR_ELIMINAR_REGISTRO, error);
      show({ type: "error", message: MSG_ERROR_ELIMINAR_REGISTRO });
    } finally {
      mark(key, false);
    }
  };

  const changeInstalador = async (row: Utv, instalador: Instalador | null) => {
    const key = `inst-${row.id}`;
    mark(key, true);
    clear();
    try {
      await updateUtvInstalador(row.id, instalador);
      await reload();
    } catch (error) {
      console.error(MSG_ERROR_ACTUALIZAR_INSTALADOR, error);
      show({ type: "error", message: MSG_ERROR_ACTUALIZAR_INSTALADOR });
    } finally {
      mark(key, false);
    }
  };

  const downloadPdf = async () => {
    if (!current) return;
    setPdfBusy(true);
    try {
      const { downloadWorkshopPayPdf } = await import("../../pdf/download-workshop");
      await downloadWorkshopPayPdf({ periodo, utvs: current.utvs, termopaneles: current.termopaneles, trabajadores: current.trabajadores });
    } catch (error) {
      console.error(MSG_ERROR_GENERAR_PDF, error);
      show({ type: "error", message: MSG_ERROR_GENERAR_PDF });
    } finally {
      setPdfBusy(false);
    }
  };

  const utvColumns: ColumnsType<Utv> = [
    { title: "Fecha", dataIndex: "fecha", key: "fecha", width: 96, render: (v: string) => formatWorkshopDate(v) },
    {
      title: "Pauta",
      key: "pauta",
      render: (_, r) => (
        <>
          {r.nombre_pauta ?? "—"}
          {r.numero_pauta && <div className="vt-muted">N° {r.numero_pauta}</div>}
        </>
      ),
    },
    { title: "Tipo", dataIndex: "tipo", key: "tipo", width: 82 },
    { title: "UTV", key: "utv", width: 70, align: "right", render: (_, r) => <span className="vt-num">{formatNumber(utvUnits(r), 2)}</span> },
    { title: "Valor", key: "valor", width: 96, align: "right", render: (_, r) => <span className="vt-num">{formatCLP(utvValue(r))}</span> },
    { title: "M2 inst.", dataIndex: "m2_instalador", key: "m2", width: 76, align: "right", render: (v: number) => <span className="vt-num">{formatM2(v)}</span> },
    {
      title: "Instalador",
      key: "instalador",
      width: 170,
      render: (_, r) => (
        <Select<Instalador | null>
          aria-label={`Instalador del registro ${r.id}`}
          size="small"
          allowClear
          placeholder="Sin instalador"
          style={{ width: "100%" }}
          value={(r.instalador as Instalador | null) ?? undefined}
          disabled={busy.has(`inst-${r.id}`)}
          options={INSTALADORES.map((i) => ({ value: i, label: i }))}
          onChange={(v) => void changeInstalador(r, v ?? null)}
        />
      ),
    },
    {
      title: "Acciones",
      key: "acciones",
      fixed: "right",
      className: "vt-actions-cell",
      width: 156,
      render: (_, r) => (
        <div className="vt-row-actions">
          <Button size="small" onClick={() => startEdit(r)} aria-label={`Editar registro ${r.id}`}>
            Editar
          </Button>
          <Popconfirm title="¿Eliminar este registro UTV?" okText="Eliminar" cancelText="Cancelar" okButtonProps={{ danger: true }} onConfirm={() => remove("utv", r.id)}>
            <Button size="small" danger loading={busy.has(`utv-${r.id}`)} aria-label={`Eliminar registro ${r.id}`}>
              Eliminar
            </Button>
          </Popconfirm>
        </div>
      ),
    },
  ];

  const termoColumns: ColumnsType<Termopanel> = [
    { title: "Fecha", dataIndex: "fecha", key: "fecha", width: 96, render: (v: string) => formatWorkshopDate(v) },
    { title: "Cliente", dataIndex: "cliente", key: "cliente", render: (v: string | null, r) => (
      <>
        {v ?? "—"}
        {r.observaciones && <div className="vt-muted">{r.observaciones}</div>}
      </>
    ) },
    { title: "Cant.", dataIndex: "cantidad", key: "cantidad", width: 60, align: "right" },
    { title: "Ancho × alto (mm)", key: "medidas", width: 130, align: "right", render: (_, r) => `${formatNumber(r.ancho_mm, 1)} × ${formatNumber(r.alto_mm, 1)}` },
    { title: "M2", dataIndex: "m2", key: "m2", width: 70, align: "right", render: (v: number) => <span className="vt-num">{formatM2(v)}</span> },
    { title: "Valor", key: "valor", width: 96, align: "right", render: (_, r) => <span className="vt-num">{formatCLP(termopanelValue(r))}</span> },
    {
      title: "Acciones",
      key: "acciones",
      fixed: "right",
      className: "vt-actions-cell",
      width: 96,
      render: (_, r) => (
        <Popconfirm title="¿Eliminar este termopanel?" okText="Eliminar" cancelText="Cancelar" okButtonProps={{ danger: true }} onConfirm={() => remove("termo", r.id)}>
          <Button size="small" danger loading={busy.has(`termo-${r.id}`)} aria-label={`Eliminar termopanel ${r.id}`}>
            Eliminar
          </Button>
        </Popconfirm>
      ),
    },
  ];

  const instColumns: ColumnsType<Instalacion> = [
    { title: "Fecha", dataIndex: "fecha", key: "fecha", width: 96, render: (v: string) => formatWorkshopDate(v) },
    { title: "Pauta", key: "pauta", render: (_, r) => [r.nombre_pauta, r.numero_pauta && `N° ${r.numero_pauta}`].filter(Boolean).join(" · ") || "—" },
    { title: "M2 rectificación", dataIndex: "m2_rectificacion", key: "m2", width: 120, align: "right", render: (v: number) => formatM2(v) },
    { title: "Valor m2", dataIndex: "valor_m2", key: "vm2", width: 90, align: "right", render: (v: number) => formatCLP(v) },
    { title: "Valor", dataIndex: "valor_instalacion", key: "valor", width: 100, align: "right", render: (v: number) => formatCLP(v) },
  ];

  const summaryRows = [
    { key: "utv", concepto: "UTV", registros: totals.utv.registros, cantidad: `${formatNumber(totals.utv.unidades, 2)} UTV`, valor: totals.utv.valor },
    { key: "termo", concepto: "Termopaneles", registros: totals.termopanel.registros, cantidad: `${formatM2(totals.termopanel.m2)} m2`, valor: totals.termopanel.valor },
    { key: "inst", concepto: "Instalaciones", registros: totals.instalacion.registros, cantidad: `${formatM2(totals.instalacion.m2)} m2`, valor: totals.instalacion.valor },
  ];

  const loading = !current;
  return (
    <Page
      title="Seguimiento UTV"
      subtitle="Producción del taller: UTV, termopaneles e instalaciones del mes, y el pago a repartir."
      banner={banner}
      onCloseBanner={clear}
      extra={
        <div className="vt-utv-period">
          <span>
            Periodo: <strong>{periodoLabel(periodo)}</strong>
          </span>
          <Button type="primary" onClick={() => void downloadPdf()} loading={pdfBusy} disabled={loading}>
            Descargar PDF de pago
          </Button>
        </div>
      }
    >
      <Card size="small">
        <MonthFilter value={month} onChange={setMonth} />
      </Card>

      <Collapse
        activeKey={panels}
        onChange={(k) => setPanels(Array.isArray(k) ? k : [k])}
        items={[
          {
            key: "utv",
            label: editing ? `Editar UTV (registro ${editing.id})` : "Registrar UTV",
            children: <UtvForm form={utvForm} editing={editing} saving={savingUtv} onSubmit={(v) => void submitUtv(v)} onClear={clearUtvForm} />,
          },
          { key: "termo", label: "Registrar Termopanel", children: <TermopanelForm form={termoForm} saving={savingTermo} onSubmit={(v) => void submitTermo(v)} /> },
        ]}
      />

      <Card size="small" title={`UTV de ${periodoLabel(periodo)}`}>
        <Table<Utv> rowKey="id" size="small" loading={loading} columns={utvColumns} dataSource={current?.utvs ?? []} pagination={false} locale={{ emptyText: "No hay registros UTV en el periodo." }} scroll={{ x: 880 }} />
      </Card>

      <Card size="small" title={`Termopaneles de ${periodoLabel(periodo)}`}>
        <Table<Termopanel> rowKey="id" size="small" loading={loading} columns={termoColumns} dataSource={current?.termopaneles ?? []} pagination={false} locale={{ emptyText: "No hay termopaneles en el periodo." }} scroll={{ x: 700 }} />
      </Card>

      <Card size="small" title="Instalaciones de la empresa">
        <Table<Instalacion> rowKey="id" size="small" loading={loading} columns={instColumns} dataSource={current?.instalaciones ?? []} pagination={false} locale={{ emptyText: "No hay instalaciones propias en el periodo." }} scroll={{ x: 560 }} />
      </Card>

      <Card size="small" title="Resumen">
        <Table
          rowKey="key"
          size="small"
          pagination={false}
          dataSource={summaryRows}
          aria-label="Resumen del periodo"
          columns={[
            { title: "Concepto", dataIndex: "concepto", key: "concepto" },
            { title: "Registros", dataIndex: "registros", key: "registros", align: "right" },
            { title: "Cantidad", dataIndex: "cantidad", key: "cantidad", align: "right" },
            { title: "Valor", dataIndex: "valor", key: "valor", align: "right", render: (v: number) => formatCLP(v) },
          ]}
          summary={() => (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={3}>
                <strong>Total a repartir</strong>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={1} align="right">
                <strong data-testid="total-taller">{formatCLP(totals.total)}</strong>
              </Table.Summary.Cell>
            </Table.Summary.Row>
          )}
        />
        <h3 className="vt-utv-split-title">Reparto por horas acumuladas</h3>
        {current && current.trabajadores.length === 0 ? (
          <p className="vt-muted">No hay trabajadores en la planilla de {periodoLabel(periodo)}.</p>
        ) : (
          <Table
            rowKey="index"
            size="small"
            pagination={false}
            dataSource={split.partes}
            columns={[
              { title: "Trabajador", dataIndex: "nombre", key: "nombre" },
              { title: "Horas acum.", dataIndex: "peso", key: "peso", align: "right", render: (v: number) => formatNumber(v, 2) },
              { title: "Proporción", dataIndex: "proporcion", key: "prop", align: "right", render: (v: number) => `${formatNumber(v * 100, 2)} %` },
              { title: "Monto", dataIndex: "monto", key: "monto", align: "right", render: (v: number) => formatCLP(v) },
            ]}
          />
        )}
        {split.sinAsignar > 0 && totals.total > 0 && <p className="vt-muted">Sin asignar: {formatCLP(split.sinAsignar)} (nadie registra horas en el periodo).</p>}
      </Card>
    </Page>
  );
}
