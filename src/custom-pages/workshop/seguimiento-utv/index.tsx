// "Seguimiento UTV" (/SeguimientoUTVPage, Bodega menu), specification 2.7, 4, 5, 8 and 9:
// the period and the pay PDF button; collapsible forms to register a UTV (create or edit
// mode, "Limpiar") and a thermal panel; month and year filters; the UTV table (installer
// changed in place, edit, delete with confirmation), the thermal table, the month's
// installations and a summary with the on-screen split by accumulated hours.
import { useSearchParams } from "react-router";
import { useEffect, useState } from "react";
import { Button, Card, Collapse, Form } from "antd";
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
  type MesAnio,
  type Utv,
} from "../api";
import type { Instalador } from "../../../config/empresa";
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
} from "../../../domain/workshop/messages";
import { periodoLabel, periodoParam } from "../../../domain/workshop/periods";
import { Page } from "../../../components/Page";
import { useBanner } from "../../../components/useBanner";
import { useBusy } from "../../../components/useBusy";
import { useApiQuery, useWrite } from "../../../data/query";
import { showFieldErrors } from "../../../components/zod-rule";
import { MonthFilter, currentMesAnio, periodoOf } from "./MonthFilter";
import { InstalacionTable, TermopanelTable, UtvTable } from "./MonthTables";
import { MonthSummary } from "./MonthSummary";
import { TermopanelForm, termopanelDefaults, type TermopanelFormValues } from "./TermopanelForm";
import { UtvForm, utvDefaults, type UtvFormValues } from "./UtvForm";
import "./seguimiento-utv.css";
import { workshopKeys } from "../keys";

const UTV_FIELDS = ["fecha", "nombre_pauta", "numero_pauta", "tipo", "fijo", "doble_corredera_fijo", "proyectante", "oscilobatiente", "doble_corredera", "marco_puerta", "marcos_adicionales", "comentario_marcos", "otro", "comentario_otro", "valor_m2", "m2_instalador", "instalador"];
const TERMO_FIELDS = ["fecha", "cliente", "cantidad", "ancho_mm", "alto_mm", "observaciones", "valor_m2"];
const EMPTY_MONTH = { utvs: [], termopaneles: [], instalaciones: [], trabajadores: [] };

export default function SeguimientoUtvPage() {
  // ?periodo=AAAA-MM (the home's workshop cards) opens that month.
  const [params] = useSearchParams();
  const [month, setMonth] = useState<MesAnio>(() => currentMesAnio(periodoParam(params.get("periodo"))));
  const [panels, setPanels] = useState<string[]>([]);
  const [editing, setEditing] = useState<Utv | null>(null);
  const [savingUtv, setSavingUtv] = useState(false);
  const [savingTermo, setSavingTermo] = useState(false);
  const [pdfBusy, setPdfBusy] = useState(false);
  const { busy, during } = useBusy();
  const [utvForm] = Form.useForm<UtvFormValues>();
  const [termoForm] = Form.useForm<TermopanelFormValues>();
  const { banner, show, clear } = useBanner();
  const periodo = periodoOf(month);

  // The month's records (its key); a failed load leaves the month empty and says so.
  const monthData = useApiQuery(
    workshopKeys.month(periodo),
    async () => {
      const [utvs, termopaneles, instalaciones, trabajadores] = await Promise.all([fetchUtv(month), fetchTermopaneles(month), fetchInstalaciones(month), fetchTrabajadores(periodo)]);
      return { utvs, termopaneles, instalaciones, trabajadores };
    },
    { failMessage: MSG_ERROR_CARGAR_TALLER },
  );
  useEffect(() => {
    if (monthData.failed) show({ type: "error", message: MSG_ERROR_CARGAR_TALLER });
  }, [monthData.failed, show]);
  const write = useWrite();
  /** A write here: the months' records (and the rosters) are read again. */
  const monthWrite = <T,>(call: () => Promise<T>) => write(call, { invalidates: [workshopKeys.month(), workshopKeys.roster()] });
  // A failed load leaves the month empty (and says so above).
  const current = monthData.failed ? EMPTY_MONTH : monthData.current;
  const [shownOnce, setShownOnce] = useState(false);
  if (current && !shownOnce) setShownOnce(true); // (state from an answer, set while drawing)

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
      await monthWrite(() => (target ? updateUtv(target.id, values) : createUtv(values)));
      show({ type: "success", message: target ? MSG_UTV_ACTUALIZADO : MSG_UTV_GUARDADO });
      clearUtvForm();
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
      await monthWrite(() => createTermopanel(values));
      show({ type: "success", message: MSG_TERMOPANEL_REGISTRADO });
      termoForm.resetFields();
      termoForm.setFieldsValue(termopanelDefaults());
    } catch (error) {
      console.error(MSG_ERROR_GUARDAR_TERMOPANEL, error);
      show({ type: "error", message: MSG_ERROR_GUARDAR_TERMOPANEL, description: showFieldErrors(termoForm, error, TERMO_FIELDS) });
    } finally {
      setSavingTermo(false);
    }
  };

  const remove = (kind: "utv" | "termo", id: number) => {
    clear();
    return during(`${kind}-${id}`, async () => {
      try {
        await monthWrite(() => (kind === "utv" ? deleteUtv(id) : deleteTermopanel(id)));
        if (kind === "utv" && editing?.id === id) clearUtvForm();
      } catch (error) {
        console.error(MSG_ERROR_ELIMINAR_REGISTRO, error);
        show({ type: "error", message: MSG_ERROR_ELIMINAR_REGISTRO });
      }
    });
  };

  const changeInstalador = (row: Utv, instalador: Instalador | null) => {
    clear();
    void during(`inst-${row.id}`, async () => {
      try {
        await monthWrite(() => updateUtvInstalador(row.id, instalador));
      } catch (error) {
        console.error(MSG_ERROR_ACTUALIZAR_INSTALADOR, error);
        show({ type: "error", message: MSG_ERROR_ACTUALIZAR_INSTALADOR });
      }
    });
  };

  const downloadPdf = async () => {
    if (!current) return;
    setPdfBusy(true);
    try {
      const { downloadWorkshopPayPdf } = await import("../pdf/download-workshop");
      await downloadWorkshopPayPdf({ periodo, utvs: current.utvs, termopaneles: current.termopaneles, trabajadores: current.trabajadores });
    } catch (error) {
      console.error(MSG_ERROR_GENERAR_PDF, error);
      show({ type: "error", message: MSG_ERROR_GENERAR_PDF });
    } finally {
      setPdfBusy(false);
    }
  };

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
        <UtvTable rows={current?.utvs ?? null} busy={busy} onEdit={startEdit} onRemove={(id) => remove("utv", id)} onInstalador={changeInstalador} />
      </Card>

      {/* The cards below the UTV table come with the first month's rows: drawn while it
          loaded, they were pushed down when its rows arrived (a layout shift of 0.15 on reload).
          Another month then loads with every card in place. */}
      {shownOnce && (
        <>
          <Card size="small" title={`Termopaneles de ${periodoLabel(periodo)}`}>
            <TermopanelTable rows={current?.termopaneles ?? null} busy={busy} onRemove={(id) => remove("termo", id)} />
          </Card>

          <Card size="small" title="Instalaciones de la empresa">
            <InstalacionTable rows={current?.instalaciones ?? null} />
          </Card>

          <Card size="small" title="Resumen">
            <MonthSummary periodo={periodo} utvs={current?.utvs ?? []} termopaneles={current?.termopaneles ?? []} trabajadores={current?.trabajadores ?? null} />
          </Card>
        </>
      )}
    </Page>
  );
}
