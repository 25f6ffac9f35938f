// "Seguimiento Obras" (/SeguimientoObrasPage, Operaciones), specification 2.7, 4, 8 and 9:
// one card per work with the 16 stage toggles (the Material group as section 9 groups
// them), the show-completed box, the rectification toggle with its deadline in days and
// "Fecha Máx" (red once passed), and the comment box. A failed toggle is only logged
// (section 8) and the card returns to the server's state. Works come a page at a time,
// searched and filtered (complete works hidden) on the server.
import { useEffect, useState } from "react";
import { Button, Card, Checkbox, Input, InputNumber, Tag } from "antd";
import { fetchSeguimientos, listPistas, toggleEtapa, updateComentario, updateRectificacion, type Seguimiento } from "../api";
import { todayInSantiago } from "../../../domain/dates/dates";
import { formatDate, formatDateTime } from "../../../domain/format";
import { MATERIAL_STAGES, NON_MATERIAL_STAGES, RECTIFICACION_PLAZO_DEFAULT, WORK_STAGE_LABELS, WORK_STAGES, rectificacionDeadline, type WorkStage } from "../../../domain/operations";
import { Page } from "../../../components/Page";
import { useFiltro } from "../../../components/useFiltro";
import { SEGUIMIENTO_FILTROS, seguimientoFilterParams } from "../../../domain/hoy/links";
import { useBanner } from "../../../components/useBanner";
import { useBusy } from "../../../components/useBusy";
import { CardPagination } from "../../../components/CardPagination";
import { useProgressiveRows } from "../../../components/progressive-rows";
import { useApiQuery, usePagedQuery, useWrite } from "../../../data/query";
import { platformKeys } from "../../platform/keys";
import { presupuestoLabel } from "../../sales/presupuestos/QuoteSelectors";
import "./seguimiento-obras.css";
import { operationsKeys } from "../keys";

export const PAGE_SIZE = 10;
const HINT_TEXT = {
  material: "Sugerido: todo el material de esta categoría de la pauta llegó o salió para la obra.",
  pago: "Sugerido: el saldo del cliente es 0.",
} as const;
export const MSG_COMENTARIO_OK = "Comentario guardado";
export const MSG_COMENTARIO_ERROR = "No se pudo guardar el comentario.";

interface Query {
  page: number;
  q: string;
  mostrarCompletas: boolean;
  /** A home card's filter (`?filtro=`). */
  filtro: keyof typeof SEGUIMIENTO_FILTROS | null;
}

const BEFORE_MATERIAL: readonly WorkStage[] = ["presupuesto"];
const AFTER_MATERIAL = NON_MATERIAL_STAGES.filter((s) => s !== "presupuesto" && s !== "rectificacion");

function done(work: Seguimiento): number {
  return WORK_STAGES.filter((s) => work[s]).length;
}

interface CardProps {
  work: Seguimiento;
  /** Stages the data suggests (ours): the pauta has arrived or left, or the balance is 0. */
  hints: readonly WorkStage[];
  busy: boolean;
  today: string;
  onToggle: (stage: WorkStage) => void;
  onRectificacion: (on: boolean, dias: number | null) => void;
  onComentario: (text: string) => Promise<boolean>;
}

function WorkCard({ work, hints, busy, today, onToggle, onRectificacion, onComentario }: CardProps) {
  const [comentario, setComentario] = useState(work.comentario ?? "");
  const [dias, setDias] = useState<number | null>(work.rectificacion_plazo_dias);
  useEffect(() => setComentario(work.comentario ?? ""), [work.comentario]);
  useEffect(() => setDias(work.rectificacion_plazo_dias), [work.rectificacion_plazo_dias]);
  const numero = work.presupuesto_numero;
  const deadline = rectificacionDeadline(work, today);
  const stage = (s: WorkStage) => {
    const hinted = hints.includes(s) && !work[s];
    return (
      <Checkbox
        key={s}
        className={hinted ? "vt-stage vt-stage--hint" : "vt-stage"}
        checked={work[s]}
        disabled={busy}
        aria-label={`${WORK_STAGE_LABELS[s]} ${numero}`}
        aria-description={hinted ? HINT_TEXT[s === "pago" ? "pago" : "material"] : undefined}
        title={hinted ? HINT_TEXT[s === "pago" ? "pago" : "material"] : undefined}
        onChange={() => onToggle(s)}
      >
        {WORK_STAGE_LABELS[s]}
        {hinted && <span className="vt-hint">sugerido</span>}
      </Checkbox>
    );
  };
  const count = done(work);
  return (
    <Card
      size="small"
      className="vt-seg"
      data-row
      title={
        <div className="vt-seg__title">
          <span>{presupuestoLabel({ numero, nombre_obra: work.nombre_obra })}</span>
          <span className="vt-muted vt-seg__client">{work.cliente_nombre}</span>
        </div>
      }
      extra={<Tag color={work.completa ? "green" : count > 0 ? "blue" : "default"}>{work.completa ? "Completada" : `${count}/16 etapas`}</Tag>}
    >
      <section aria-label={`Etapas ${numero}`} className="vt-seg__stages">
        <div className="vt-seg__group">{BEFORE_MATERIAL.map(stage)}</div>
        <fieldset className="vt-seg__material">
          <legend>Material</legend>
          <div className="vt-seg__group">{MATERIAL_STAGES.map(stage)}</div>
        </fieldset>
        <div className="vt-seg__group">{AFTER_MATERIAL.map(stage)}</div>
      </section>
      {work.aceptado_fecha && <p className="vt-seg__aceptado">Aceptado por el cliente el {formatDate(work.aceptado_fecha)}</p>}
      {!work.completa && <p className="vt-muted vt-seg__since">Etapas sin cambios desde el {formatDate(work.etapa_fecha)}</p>}
      <div className="vt-seg__rect">
        <Checkbox checked={work.rectificacion} disabled={busy} aria-label={`Rectificación ${numero}`} onChange={(e) => onRectificacion(e.target.checked, dias)}>
          Rectificación
        </Checkbox>
        <label className="vt-seg__days">
          Plazo (días)
          <InputNumber<number>
            size="small"
            min={0}
            max={365}
            precision={0}
            value={dias}
            aria-label={`Plazo rectificación ${numero}`}
            disabled={busy}
            onChange={(v) => setDias(v)}
            onBlur={() => dias !== work.rectificacion_plazo_dias && onRectificacion(work.rectificacion, dias ?? RECTIFICACION_PLAZO_DEFAULT)}
            onPressEnter={() => dias !== work.rectificacion_plazo_dias && onRectificacion(work.rectificacion, dias ?? RECTIFICACION_PLAZO_DEFAULT)}
          />
        </label>
        {work.rectificacion_fecha && <span className="vt-muted">Fecha: {formatDate(work.rectificacion_fecha)}</span>}
        {deadline.fechaMax && (
          <span className={deadline.vencido ? "vt-seg__vencido" : undefined} data-testid={`fecha-max-${work.id}`}>
            Fecha Máx: {formatDate(deadline.fechaMax)}
            {deadline.vencido && " (vencido)"}
          </span>
        )}
      </div>
      <div className="vt-seg__comment">
        <Input.TextArea
          rows={2}
          maxLength={2000}
          value={comentario}
          aria-label={`Comentario ${numero}`}
          placeholder="Comentario de la obra"
          onChange={(e) => setComentario(e.target.value)}
        />
        <div className="vt-actions">
          <Button size="small" disabled={busy || comentario === (work.comentario ?? "")} onClick={() => void onComentario(comentario)}>
            Guardar comentario
          </Button>
          {work.comentario_fecha && <span className="vt-muted">Último comentario: {formatDateTime(work.comentario_fecha)}</span>}
        </div>
      </div>
    </Card>
  );
}

export default function SeguimientoObrasPage() {
  const { filtro, notice } = useFiltro(SEGUIMIENTO_FILTROS);
  const { query, setQuery, text, setText, setRows, listKey, current } = usePagedQuery<Query, Seguimiento>(
    operationsKeys.workTracking,
    { page: 1, q: "", mostrarCompletas: false, filtro },
    async (q) => {
      const start = (q.page - 1) * PAGE_SIZE;
      return fetchSeguimientos({ start, end: start + PAGE_SIZE, q: q.q, mostrarCompletas: q.mostrarCompletas, filter: seguimientoFilterParams(q.filtro, todayInSantiago()) });
    },
    "No se pudo cargar el seguimiento de obras",
  );
  const write = useWrite();
  const { busy, during } = useBusy<number>();
  // The page's stage hints, asked once its rows are known (and again after a change of stage).
  const ids = current?.rows.map((r) => r.id) ?? [];
  const pistas = useApiQuery(operationsKeys.workHints(ids), () => listPistas(ids), {
    failMessage: "No se pudieron cargar las sugerencias de etapas",
    enabled: ids.length > 0,
    keepPrevious: true,
  });
  const hints = pistas.latest ?? {};
  // A card holds 16 stages: the first three fill the screen, the rest follow (progressive-rows).
  const shownWorks = useProgressiveRows(current?.rows, (r) => r.id, 3);
  const { banner, show, clear } = useBanner();
  const today = todayInSantiago();
  useEffect(() => setQuery((q) => (q.filtro === filtro ? q : { ...q, filtro, page: 1 })), [filtro, setQuery]);

  const replace = (row: Seguimiento) => setRows((rows) => rows.map((r) => (r.id === row.id ? row : r)));
  const patch = (id: number, change: Partial<Seguimiento>) => setRows((rows) => rows.map((r) => (r.id === id ? { ...r, ...change } : r)));

  /** A change of one work (false when it failed, or another change of it is still saving). */
  async function run(work: Seguimiento, optimistic: Partial<Seguimiento>, call: () => Promise<Seguimiento>, failure: string): Promise<boolean> {
    const saved = await during(work.id, async () => {
      patch(work.id, optimistic);
      try {
        // The stage hints, Resumen de Obras and the home's cards follow the stages.
        replace(await write(call, { from: listKey, invalidates: [operationsKeys.workHints(), [operationsKeys.worksSummary], platformKeys.digest()] }));
        return true;
      } catch (error) {
        // Section 8: only logged; the card goes back to what the server has.
        console.error(failure, error);
        replace(work);
        return false;
      }
    });
    return saved ?? false;
  }

  return (
    <Page title="Seguimiento Obras" subtitle="Avance de cada obra en sus 16 etapas. Las obras completadas se ocultan salvo que marque «Mostrar completadas»." banner={banner} onCloseBanner={clear}>
      {notice}
      <Card size="small">
        <div className="vt-seg-filters">
          <Input.Search allowClear aria-label="Buscar obra" placeholder="Buscar por presupuesto, obra o cliente" value={text} onChange={(e) => setText(e.target.value)} onSearch={(v) => setQuery((q) => ({ ...q, q: v.trim(), page: 1 }))} />
          <Checkbox checked={query.mostrarCompletas} onChange={(e) => setQuery((q) => ({ ...q, mostrarCompletas: e.target.checked, page: 1 }))}>
            Mostrar completadas
          </Checkbox>
        </div>
      </Card>
      {!current && <p className="vt-muted vt-empty">Cargando obras...</p>}
      {current && current.rows.length === 0 && (
        <Card size="small" data-empty>
          <p className="vt-muted vt-empty">{query.q ? "No hay obras que coincidan con la búsqueda." : "No hay obras en seguimiento."}</p>
        </Card>
      )}
      {shownWorks?.map((work) => (
        <WorkCard
          key={work.id}
          work={work}
          hints={hints[work.id] ?? []}
          today={today}
          busy={busy.has(work.id)}
          onToggle={(stage) =>
            void run(work, { [stage]: !work[stage], ...(stage === "rectificacion" && !work.rectificacion ? { rectificacion_fecha: today } : {}) }, () => toggleEtapa(work.id, stage), "No se pudo cambiar la etapa")
          }
          onRectificacion={(on, dias) =>
            void run(
              work,
              { rectificacion: on, rectificacion_plazo_dias: dias ?? work.rectificacion_plazo_dias, ...(on && !work.rectificacion ? { rectificacion_fecha: today } : {}) },
              () => updateRectificacion(work.id, { rectificacion: on, rectificacion_plazo_dias: dias }),
              "No se pudo cambiar la rectificación",
            )
          }
          onComentario={async (comentario) => {
            const ok = await run(work, {}, () => updateComentario(work.id, comentario), "No se pudo guardar el comentario");
            show(ok ? { type: "success", message: MSG_COMENTARIO_OK } : { type: "error", message: MSG_COMENTARIO_ERROR });
            return ok;
          }}
        />
      ))}
      {current && (
        <CardPagination className="vt-seg-pages" page={query.page} pageSize={PAGE_SIZE} total={current.total} capped={current.capped} noun="obras" onPage={(page) => setQuery((q) => ({ ...q, page }))} />
      )}
    </Page>
  );
}
