// "Asistencia Trabajadores" (/TrabajadoresPage, Bodega menu), specification 2.7, 5, 8 and
// 9: month picker; the period's roster as an editable table (days, extra and delay hours
// in steps of 0.25, observation; worked and accumulated hours and attendance % computed as
// typed); new worker; delete; "Repetir mes anterior" (POST api/trabajadores/copiar); and,
// beyond the specification, each worker's statement PDF.
import { useSearchParams } from "react-router";
import { useCallback, useEffect, useRef, useState } from "react";
import { App, Button, Card, Form, Input, InputNumber, Popconfirm, Table } from "antd";
import type { ColumnsType } from "antd/es/table";
import {
  copyPlanilla,
  createTrabajador,
  deleteTrabajador,
  fetchTermopaneles,
  fetchTrabajadores,
  fetchUtv,
  updateTrabajador,
  type MesAnio,
  type Trabajador,
} from "../../api/workshop";
import { toHttpError } from "../../providers/http";
import { formatNumber } from "../../domain/format";
import { formatPercent } from "../../domain/workshop/format";
import { trabajadorSchema } from "../../domain/workshop/fields";
import {
  MSG_ERROR_COPIAR_PLANILLA,
  MSG_ERROR_ELIMINAR_TRABAJADOR,
  MSG_ERROR_GENERAR_PDF,
  MSG_ERROR_GUARDAR_TRABAJADOR,
  MSG_PLANILLA_COPIADA,
  MSG_TRABAJADOR_ACTUALIZADO,
  MSG_TRABAJADOR_CREADO,
  MSG_TRABAJADOR_ELIMINADO,
} from "../../domain/workshop/messages";
import { attendancePercent, computedHours } from "../../domain/workshop/payroll";
import { isPeriodo, MSG_PERIODO_INVALIDO, periodoLabel, periodoParam, previousPeriodo } from "../../domain/workshop/periods";
import { Page } from "../../components/Page";
import { useBanner } from "../../components/useBanner";
import { zodRule } from "../../components/zod-rule";
import { MonthFilter, currentMesAnio, periodoOf } from "../seguimiento-utv/MonthFilter";
import "../seguimiento-utv/seguimiento-utv.css";

/** A roster row as edited on screen (saved with "Guardar"). */
interface Draft {
  nombre: string;
  dias_trab: number | null;
  horas_extras: number | null;
  horas_retraso: number | null;
  observacion: string;
}

const draftOf = (t: Trabajador): Draft => ({ nombre: t.nombre, dias_trab: t.dias_trab, horas_extras: t.horas_extras, horas_retraso: t.horas_retraso, observacion: t.observacion ?? "" });
const sameDraft = (a: Draft, b: Draft) =>
  a.nombre.trim() === b.nombre.trim() && (a.dias_trab ?? 0) === (b.dias_trab ?? 0) && (a.horas_extras ?? 0) === (b.horas_extras ?? 0) && (a.horas_retraso ?? 0) === (b.horas_retraso ?? 0) && a.observacion.trim() === b.observacion.trim();

interface Roster {
  periodo: string;
  rows: Trabajador[];
}

export default function TrabajadoresPage() {
  // ?periodo=AAAA-MM (the home's workshop cards) opens that month.
  const [params] = useSearchParams();
  const [month, setMonth] = useState<MesAnio>(() => currentMesAnio(periodoParam(params.get("periodo"))));
  const periodo = periodoOf(month);
  const [roster, setRoster] = useState<Roster | null>(null);
  const [drafts, setDrafts] = useState<Record<number, Draft>>({});
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [creating, setCreating] = useState(false);
  const [copying, setCopying] = useState(false);
  const [form] = Form.useForm<{ nombre: string }>();
  const { banner, show, clear } = useBanner();
  const { modal } = App.useApp();
  const wanted = useRef(periodo);
  const [savingAll, setSavingAll] = useState(false);

  const load = useCallback(async (p: string) => {
    try {
      const rows = await fetchTrabajadores(p);
      if (wanted.current !== p) return;
      setRoster({ periodo: p, rows });
      setDrafts(Object.fromEntries(rows.map((r) => [r.id, draftOf(r)])));
    } catch (error) {
      // Spec 8: a failed list load leaves the list empty.
      console.error("No se pudo cargar la planilla", error);
      if (wanted.current === p) setRoster({ periodo: p, rows: [] });
    }
  }, []);

  useEffect(() => {
    wanted.current = periodo;
    void load(periodo);
  }, [periodo, load]);

  const current = roster?.periodo === periodo ? roster : null;

  const mark = (key: string, on: boolean) =>
    setBusy((b) => {
      const next = new Set(b);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });

  const setDraft = (id: number, patch: Partial<Draft>) => setDrafts((d) => ({ ...d, [id]: { ...d[id], ...patch } }));

  const replaceRow = (row: Trabajador) => {
    setRoster((r) => (r && r.periodo === row.periodo ? { ...r, rows: r.rows.map((x) => (x.id === row.id ? row : x)) } : r));
    setDrafts((d) => ({ ...d, [row.id]: draftOf(row) }));
  };

  const dirtyRows = (current?.rows ?? []).filter((r) => drafts[r.id] && !sameDraft(drafts[r.id], draftOf(r)));

  /** Another month: edits not saved would be lost, so ask first. */
  const changeMonth = (next: MesAnio) => {
    if (dirtyRows.length === 0) {
      setMonth(next);
      return;
    }
    modal.confirm({
      title: "Hay cambios sin guardar",
      content: `Si cambia de mes se perderán los cambios de ${dirtyRows.length} fila(s). ¿Desea continuar?`,
      okText: "Descartar cambios",
      cancelText: "Volver",
      onOk: () => setMonth(next),
    });
  };

  /** "Guardar cambios": every edited row, one after the other; stops at the first refusal. */
  const saveAll = async () => {
    const pending = dirtyRows;
    for (const row of pending) {
      const parsed = trabajadorSchema.safeParse({ ...drafts[row.id], periodo: row.periodo });
      if (!parsed.success) {
        show({ type: "error", message: MSG_ERROR_GUARDAR_TRABAJADOR, description: `${row.nombre}: ${parsed.error.issues.map((i) => i.message).join(" ")}` });
        return;
      }
    }
    setSavingAll(true);
    clear();
    let saved = 0;
    try {
      for (const row of pending) {
        replaceRow(await updateTrabajador(row.id, { ...drafts[row.id], periodo: row.periodo }));
        saved++;
      }
      show({ type: "success", message: MSG_TRABAJADOR_ACTUALIZADO, description: `${saved} fila(s) guardada(s).` });
    } catch (error) {
      console.error(MSG_ERROR_GUARDAR_TRABAJADOR, error);
      const errors = Object.values(toHttpError(error).errors ?? {}).flat().map(String);
      show({ type: "error", message: MSG_ERROR_GUARDAR_TRABAJADOR, description: `${pending[saved].nombre}: ${errors.join(" ") || "intente nuevamente."}` });
    } finally {
      setSavingAll(false);
    }
  };

  const save = async (row: Trabajador) => {
    const draft = drafts[row.id];
    const parsed = trabajadorSchema.safeParse({ ...draft, periodo: row.periodo });
    if (!parsed.success) {
      show({ type: "error", message: MSG_ERROR_GUARDAR_TRABAJADOR, description: parsed.error.issues.map((i) => i.message).join(" ") });
      return;
    }
    mark(`save-${row.id}`, true);
    clear();
    try {
      replaceRow(await updateTrabajador(row.id, { ...draft, periodo: row.periodo }));
      show({ type: "success", message: MSG_TRABAJADOR_ACTUALIZADO });
    } catch (error) {
      console.error(MSG_ERROR_GUARDAR_TRABAJADOR, error);
      const errors = Object.values(toHttpError(error).errors ?? {}).flat().map(String);
      show({ type: "error", message: MSG_ERROR_GUARDAR_TRABAJADOR, description: errors.join(" ") || undefined });
    } finally {
      mark(`save-${row.id}`, false);
    }
  };

  const remove = async (row: Trabajador) => {
    mark(`del-${row.id}`, true);
    clear();
    try {
      await deleteTrabajador(row.id);
      setRoster((r) => (r ? { ...r, rows: r.rows.filter((x) => x.id !== row.id) } : r));
      show({ type: "success", message: MSG_TRABAJADOR_ELIMINADO });
    } catch (error) {
      console.error(MSG_ERROR_ELIMINAR_TRABAJADOR, error);
      show({ type: "error", message: MSG_ERROR_ELIMINAR_TRABAJADOR });
    } finally {
      mark(`del-${row.id}`, false);
    }
  };

  const create = async ({ nombre }: { nombre: string }) => {
    const p = periodo;
    setCreating(true);
    clear();
    try {
      await createTrabajador({ periodo: p, nombre });
      form.resetFields();
      show({ type: "success", message: MSG_TRABAJADOR_CREADO });
      await load(p);
    } catch (error) {
      console.error(MSG_ERROR_GUARDAR_TRABAJADOR, error);
      const errors = toHttpError(error).errors ?? {};
      const nombreErrors = ([] as unknown[]).concat(errors.nombre ?? []).map(String);
      if (nombreErrors.length) form.setFields([{ name: "nombre", errors: nombreErrors }]);
      show({ type: "error", message: MSG_ERROR_GUARDAR_TRABAJADOR, description: nombreErrors.join(" ") || undefined });
    } finally {
      setCreating(false);
    }
  };

  const repeatPrevious = async () => {
    const p = periodo;
    clear();
    if (!isPeriodo(p)) {
      show({ type: "error", message: MSG_PERIODO_INVALIDO });
      return;
    }
    const de = previousPeriodo(p);
    setCopying(true);
    try {
      const result = await copyPlanilla(de, p);
      show({ type: "success", message: MSG_PLANILLA_COPIADA(de), description: `${result.copiados} copiados, ${result.omitidos} ya estaban.` });
      await load(p);
    } catch (error) {
      console.error(MSG_ERROR_COPIAR_PLANILLA, error);
      show({ type: "error", message: MSG_ERROR_COPIAR_PLANILLA, description: toHttpError(error).message || undefined });
    } finally {
      setCopying(false);
    }
  };

  const statement = async (row: Trabajador) => {
    if (!current) return;
    mark(`pdf-${row.id}`, true);
    try {
      const m = { mes: row.periodo.slice(5, 7), anio: Number(row.periodo.slice(0, 4)) };
      const [utvs, termopaneles] = await Promise.all([fetchUtv(m), fetchTermopaneles(m)]);
      const { downloadWorkerStatementPdf } = await import("../../pdf/download-workshop");
      await downloadWorkerStatementPdf({ periodo: row.periodo, utvs, termopaneles, trabajadores: current.rows }, row.nombre);
    } catch (error) {
      console.error(MSG_ERROR_GENERAR_PDF, error);
      show({ type: "error", message: MSG_ERROR_GENERAR_PDF });
    } finally {
      mark(`pdf-${row.id}`, false);
    }
  };

  const quarter = (id: number, field: "horas_extras" | "horas_retraso", label: string, nombre: string) => (
    <InputNumber
      aria-label={`${label} ${nombre}`}
      size="small"
      min={0}
      step={0.25}
      decimalSeparator=","
      style={{ width: "100%" }}
      value={drafts[id]?.[field]}
      onChange={(v) => setDraft(id, { [field]: typeof v === "number" ? v : null })}
    />
  );

  const columns: ColumnsType<Trabajador> = [
    {
      title: "Nombre",
      key: "nombre",
      width: 140,
      render: (_, r) => <Input aria-label={`Nombre ${r.nombre}`} size="small" value={drafts[r.id]?.nombre} onChange={(e) => setDraft(r.id, { nombre: e.target.value })} />,
    },
    {
      title: "Días trab.",
      key: "dias",
      width: 64,
      render: (_, r) => (
        <InputNumber
          aria-label={`Días trabajados ${r.nombre}`}
          size="small"
          min={0}
          max={31}
          precision={0}
          style={{ width: "100%" }}
          value={drafts[r.id]?.dias_trab}
          onChange={(v) => setDraft(r.id, { dias_trab: typeof v === "number" ? v : null })}
        />
      ),
    },
    { title: "H. trab.", key: "ht", width: 56, align: "right", render: (_, r) => <span className="vt-num">{formatNumber(computedHours(drafts[r.id] ?? r).horas_trab, 2)}</span> },
    { title: "Horas extras", key: "he", width: 80, render: (_, r) => quarter(r.id, "horas_extras", "Horas extras", r.nombre) },
    { title: "Horas retraso", key: "hr", width: 80, render: (_, r) => quarter(r.id, "horas_retraso", "Horas retraso", r.nombre) },
    {
      title: "Observación",
      key: "obs",
      width: 110,
      render: (_, r) => <Input aria-label={`Observación ${r.nombre}`} size="small" maxLength={500} value={drafts[r.id]?.observacion} onChange={(e) => setDraft(r.id, { observacion: e.target.value })} />,
    },
    { title: "H. acum.", key: "ha", width: 60, align: "right", render: (_, r) => <span className="vt-num">{formatNumber(computedHours(drafts[r.id] ?? r).horas_acum_trab, 2)}</span> },
    { title: "% asist.", key: "pa", width: 72, align: "right", render: (_, r) => <span className="vt-num">{formatPercent(attendancePercent(drafts[r.id] ?? r, r.periodo))}</span> },
    {
      title: "Acciones",
      key: "acciones",
      fixed: "right",
      className: "vt-actions-cell",
      width: 250,
      render: (_, r) => {
        const dirty = drafts[r.id] ? !sameDraft(drafts[r.id], draftOf(r)) : false;
        return (
          <div className="vt-row-actions">
            <Button size="small" type={dirty ? "primary" : "default"} disabled={!dirty} loading={busy.has(`save-${r.id}`)} onClick={() => void save(r)} aria-label={`Guardar ${r.nombre}`}>
              Guardar
            </Button>
            <Popconfirm title={`¿Eliminar a ${r.nombre} de la planilla?`} okText="Eliminar" cancelText="Cancelar" okButtonProps={{ danger: true }} onConfirm={() => remove(r)}>
              <Button size="small" danger loading={busy.has(`del-${r.id}`)} aria-label={`Eliminar ${r.nombre}`}>
                Eliminar
              </Button>
            </Popconfirm>
            <Button size="small" loading={busy.has(`pdf-${r.id}`)} onClick={() => void statement(r)} aria-label={`Liquidación ${r.nombre}`}>
              Liquidación
            </Button>
          </div>
        );
      },
    },
  ];

  return (
    <Page title="Asistencia Trabajadores" subtitle="Planilla mensual: días, horas extras y de retraso de cada trabajador del taller." banner={banner} onCloseBanner={clear}>
      <Card size="small">
        <div className="vt-utv-period">
          <MonthFilter value={month} onChange={changeMonth} />
          <span>
            Periodo: <strong>{periodoLabel(periodo)}</strong>
          </span>
          <Button onClick={() => void repeatPrevious()} loading={copying}>
            Repetir mes anterior
          </Button>
        </div>
      </Card>

      <Card size="small" title="Nuevo trabajador">
        <Form form={form} name="nuevo-trabajador" layout="inline" onFinish={(v) => void create(v)} disabled={creating} className="vt-new-worker">
          <Form.Item label="Nombre" name="nombre" rules={[zodRule(trabajadorSchema.shape.nombre)]}>
            <Input maxLength={120} style={{ width: 260 }} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={creating}>
            Agregar trabajador
          </Button>
        </Form>
      </Card>

      <Card
        size="small"
        title={`Planilla de ${periodoLabel(periodo)}`}
        extra={
          <Button type="primary" disabled={dirtyRows.length === 0} loading={savingAll} onClick={() => void saveAll()}>
            {dirtyRows.length > 0 ? `Guardar cambios (${dirtyRows.length})` : "Guardar cambios"}
          </Button>
        }
      >
        <Table<Trabajador>
          rowKey="id"
          size="small"
          loading={!current}
          columns={columns}
          dataSource={current?.rows ?? []}
          pagination={false}
          scroll={{ x: 910 }}
          locale={{ emptyText: `No hay trabajadores en ${periodoLabel(periodo)}. Agregue uno o use «Repetir mes anterior».` }}
        />
      </Card>
    </Page>
  );
}
