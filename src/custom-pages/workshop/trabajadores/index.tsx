// "Asistencia Trabajadores" (/TrabajadoresPage, Bodega menu), specification 2.7, 5, 8 and
// 9: month picker; the period's roster as an editable table (days, extra and delay hours
// in steps of 0.25, observation; worked and accumulated hours and attendance % computed as
// typed); new worker; delete; "Repetir mes anterior" (POST api/trabajadores/copiar); and,
// beyond the specification, each worker's statement PDF.
import { useSearchParams } from "react-router";
import { useState } from "react";
import { App, Button, Card, Form, Input } from "antd";
import { copyPlanilla, createTrabajador, deleteTrabajador, fetchTermopaneles, fetchUtv, updateTrabajador, type MesAnio, type Trabajador } from "../api";
import { useWrite } from "../../../data/query";
import { toHttpError } from "../../../providers/http";
import { trabajadorSchema } from "../../../domain/workshop/fields";
import {
  MSG_ERROR_COPIAR_PLANILLA,
  MSG_ERROR_ELIMINAR_TRABAJADOR,
  MSG_ERROR_GENERAR_PDF,
  MSG_ERROR_GUARDAR_TRABAJADOR,
  MSG_PLANILLA_COPIADA,
  MSG_TRABAJADOR_ACTUALIZADO,
  MSG_TRABAJADOR_CREADO,
  MSG_TRABAJADOR_ELIMINADO,
} from "../../../domain/workshop/messages";
import { isPeriodo, MSG_PERIODO_INVALIDO, periodoLabel, periodoParam, previousPeriodo } from "../../../domain/workshop/periods";
import { Page } from "../../../components/Page";
import { useBanner } from "../../../components/useBanner";
import { useBusy } from "../../../components/useBusy";
import { zodRule } from "../../../components/zod-rule";
import { MonthFilter, currentMesAnio, periodoOf } from "../seguimiento-utv/MonthFilter";
import { RosterTable } from "./RosterTable";
import { rosterKey, rosterWrite, useRoster } from "./roster";
import "../seguimiento-utv/seguimiento-utv.css";

const fieldErrors = (error: unknown) => Object.values(toHttpError(error).errors ?? {}).flat().map(String);

export default function TrabajadoresPage() {
  // ?periodo=AAAA-MM (the home's workshop cards) opens that month.
  const [params] = useSearchParams();
  const [month, setMonth] = useState<MesAnio>(() => currentMesAnio(periodoParam(params.get("periodo"))));
  const periodo = periodoOf(month);
  const roster = useRoster(periodo);
  const { dirtyRows } = roster;
  const { busy, during } = useBusy();
  const [creating, setCreating] = useState(false);
  const [copying, setCopying] = useState(false);
  const [savingAll, setSavingAll] = useState(false);
  const [form] = Form.useForm<{ nombre: string }>();
  const { banner, show, clear } = useBanner();
  const { modal } = App.useApp();
  const write = useWrite();

  /** Another month: edits not saved would be lost, so ask first. */
  const changeMonth = (next: MesAnio) => {
    const go = () => {
      roster.resetDrafts();
      setMonth(next);
    };
    if (dirtyRows.length === 0) return go();
    modal.confirm({
      title: "Hay cambios sin guardar",
      content: `Si cambia de mes se perderán los cambios de ${dirtyRows.length} fila(s). ¿Desea continuar?`,
      okText: "Descartar cambios",
      cancelText: "Volver",
      onOk: go,
    });
  };

  const bodyOf = (row: Trabajador) => ({ ...roster.draft(row), periodo: row.periodo });
  const invalidMessage = (row: Trabajador) => {
    const parsed = trabajadorSchema.safeParse(bodyOf(row));
    return parsed.success ? null : parsed.error.issues.map((i) => i.message).join(" ");
  };

  /** "Guardar cambios": every edited row, one after the other; stops at the first refusal. */
  const saveAll = async () => {
    const pending = dirtyRows;
    for (const row of pending) {
      const invalid = invalidMessage(row);
      if (invalid) return show({ type: "error", message: MSG_ERROR_GUARDAR_TRABAJADOR, description: `${row.nombre}: ${invalid}` });
    }
    setSavingAll(true);
    clear();
    let saved = 0;
    try {
      for (const row of pending) {
        roster.replaceRow(await write(() => updateTrabajador(row.id, bodyOf(row)), rosterWrite(row.periodo)));
        saved++;
      }
      show({ type: "success", message: MSG_TRABAJADOR_ACTUALIZADO, description: `${saved} fila(s) guardada(s).` });
    } catch (error) {
      console.error(MSG_ERROR_GUARDAR_TRABAJADOR, error);
      show({ type: "error", message: MSG_ERROR_GUARDAR_TRABAJADOR, description: `${pending[saved].nombre}: ${fieldErrors(error).join(" ") || "intente nuevamente."}` });
    } finally {
      setSavingAll(false);
    }
  };

  const save = (row: Trabajador) => {
    const invalid = invalidMessage(row);
    if (invalid) return show({ type: "error", message: MSG_ERROR_GUARDAR_TRABAJADOR, description: invalid });
    clear();
    void during(`save-${row.id}`, async () => {
      try {
        roster.replaceRow(await write(() => updateTrabajador(row.id, bodyOf(row)), rosterWrite(row.periodo)));
        show({ type: "success", message: MSG_TRABAJADOR_ACTUALIZADO });
      } catch (error) {
        console.error(MSG_ERROR_GUARDAR_TRABAJADOR, error);
        show({ type: "error", message: MSG_ERROR_GUARDAR_TRABAJADOR, description: fieldErrors(error).join(" ") || undefined });
      }
    });
  };

  const remove = (row: Trabajador) => {
    clear();
    return during(`del-${row.id}`, async () => {
      try {
        await write(() => deleteTrabajador(row.id), rosterWrite(row.periodo));
        roster.removeRow(row);
        show({ type: "success", message: MSG_TRABAJADOR_ELIMINADO });
      } catch (error) {
        console.error(MSG_ERROR_ELIMINAR_TRABAJADOR, error);
        show({ type: "error", message: MSG_ERROR_ELIMINAR_TRABAJADOR });
      }
    });
  };

  const create = async ({ nombre }: { nombre: string }) => {
    const p = periodo;
    setCreating(true);
    clear();
    try {
      await write(() => createTrabajador({ periodo: p, nombre }), rosterWrite(p, rosterKey(p)));
      form.resetFields();
      show({ type: "success", message: MSG_TRABAJADOR_CREADO });
    } catch (error) {
      console.error(MSG_ERROR_GUARDAR_TRABAJADOR, error);
      const nombreErrors = ([] as unknown[]).concat(toHttpError(error).errors?.nombre ?? []).map(String);
      if (nombreErrors.length) form.setFields([{ name: "nombre", errors: nombreErrors }]);
      show({ type: "error", message: MSG_ERROR_GUARDAR_TRABAJADOR, description: nombreErrors.join(" ") || undefined });
    } finally {
      setCreating(false);
    }
  };

  const repeatPrevious = async () => {
    const p = periodo;
    clear();
    if (!isPeriodo(p)) return show({ type: "error", message: MSG_PERIODO_INVALIDO });
    const de = previousPeriodo(p);
    setCopying(true);
    try {
      const result = await write(() => copyPlanilla(de, p), rosterWrite(p, rosterKey(p)));
      show({ type: "success", message: MSG_PLANILLA_COPIADA(de), description: `${result.copiados} copiados, ${result.omitidos} ya estaban.` });
    } catch (error) {
      console.error(MSG_ERROR_COPIAR_PLANILLA, error);
      show({ type: "error", message: MSG_ERROR_COPIAR_PLANILLA, description: toHttpError(error).message || undefined });
    } finally {
      setCopying(false);
    }
  };

  const statement = (row: Trabajador) => {
    const trabajadores = roster.rows;
    if (!trabajadores) return;
    void during(`pdf-${row.id}`, async () => {
      try {
        const m = { mes: row.periodo.slice(5, 7), anio: Number(row.periodo.slice(0, 4)) };
        const [utvs, termopaneles] = await Promise.all([fetchUtv(m), fetchTermopaneles(m)]);
        const { downloadWorkerStatementPdf } = await import("../pdf/download-workshop");
        await downloadWorkerStatementPdf({ periodo: row.periodo, utvs, termopaneles, trabajadores }, row.nombre);
      } catch (error) {
        console.error(MSG_ERROR_GENERAR_PDF, error);
        show({ type: "error", message: MSG_ERROR_GENERAR_PDF });
      }
    });
  };

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
        <RosterTable periodo={periodo} {...roster} busy={busy} onSave={save} onRemove={remove} onStatement={statement} />
      </Card>
    </Page>
  );
}
