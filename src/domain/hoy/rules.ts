// "Hoy" (issue 19): what needs attention today, per role. The cards each role sees, the
// named thresholds and the date windows the server's queries and the screens' filters
// both use (one rule, one place). Pure: "today" is always a Santiago date passed in.
import { addDays, daysBetween } from "../dates/dates";
import type { Role } from "../roles/roles";
import { WORK_STAGES, type WorkStage, type WorkStages } from "../sales/stages";
import { periodoRange, previousPeriodo } from "../workshop/periods";

/** A work is "detenida" when no stage changed for more than this many days. */
export const DIAS_OBRA_DETENIDA = 14;
/** A pending purchase order is late this many days after the order's date. */
export const DIAS_OC_ATRASADA = 15;
/** Items a card lists (its most urgent ones). */
export const ITEMS_POR_TARJETA = 5;

export const CARD_KEYS = [
  "aceptacion-sii",
  "facturas-por-pagar",
  "saldos-clientes",
  "rectificaciones-vencidas",
  "obras-detenidas",
  "margen-negativo",
  "faltantes",
  "bajo-minimo",
  "oc-atrasadas",
  "solicitudes-pendientes",
  "presupuestos-mes",
  "presupuestos-sin-items",
  "obras-sin-pauta",
  "aceptados-hoy",
  "utv-mes",
  "planilla-faltante",
] as const;
export type CardKey = (typeof CARD_KEYS)[number];

export interface CardInfo {
  titulo: string;
  /** What the count counts. */
  unidad: string;
  enlace_texto: string;
  /** Shown when nothing needs attention. */
  vacio: string;
}

export const CARD_INFO: Readonly<Record<CardKey, CardInfo>> = {
  "aceptacion-sii": { titulo: "Facturas SII por aceptar", unidad: "facturas", enlace_texto: "Ver facturas", vacio: "No hay facturas del SII por aceptar o reclamar: todas tienen decisión o su plazo de 8 días terminó." },
  "facturas-por-pagar": { titulo: "Facturas de proveedores por pagar", unidad: "facturas", enlace_texto: "Ver facturas por pagar", vacio: "No hay facturas vencidas ni por vencer esta semana." },
  "saldos-clientes": { titulo: "Saldos por cobrar de obras terminadas", unidad: "obras", enlace_texto: "Registrar pagos", vacio: "Las obras terminadas no tienen saldo por cobrar." },
  "rectificaciones-vencidas": { titulo: "Rectificaciones vencidas", unidad: "obras", enlace_texto: "Ver obras", vacio: "Ninguna rectificación está vencida." },
  "obras-detenidas": { titulo: "Obras detenidas", unidad: "obras", enlace_texto: "Ver obras detenidas", vacio: `Ninguna obra lleva más de ${DIAS_OBRA_DETENIDA} días en la misma etapa.` },
  "margen-negativo": { titulo: "Obras con margen negativo", unidad: "obras", enlace_texto: "Ver resumen de obras", vacio: "Ninguna obra activa supera su neto presupuestado." },
  faltantes: { titulo: "Faltantes para obras", unidad: "productos", enlace_texto: "Ver faltantes", vacio: "El stock disponible cubre lo que piden las obras activas." },
  "bajo-minimo": { titulo: "Productos bajo el mínimo", unidad: "productos", enlace_texto: "Ver productos bajo stock", vacio: "Ningún producto está bajo su stock mínimo." },
  "oc-atrasadas": { titulo: "Órdenes de compra atrasadas", unidad: "órdenes", enlace_texto: "Ver órdenes atrasadas", vacio: `Ninguna orden tiene ítems pendientes después de ${DIAS_OC_ATRASADA} días.` },
  "solicitudes-pendientes": { titulo: "Solicitudes de bodega por aprobar", unidad: "solicitudes", enlace_texto: "Ver solicitudes", vacio: "No hay solicitudes pendientes." },
  "presupuestos-mes": { titulo: "Presupuestos del mes", unidad: "presupuestos", enlace_texto: "Ver presupuestos del mes", vacio: "Aún no hay presupuestos este mes." },
  "presupuestos-sin-items": { titulo: "Presupuestos sin ítems", unidad: "presupuestos", enlace_texto: "Ver presupuestos sin ítems", vacio: "Todos los presupuestos tienen ítems." },
  "obras-sin-pauta": { titulo: "Obras aceptadas sin pauta", unidad: "obras", enlace_texto: "Ver obras sin pauta", vacio: "Todas las obras aceptadas tienen pauta." },
  "aceptados-hoy": { titulo: "Aceptados hoy", unidad: "presupuestos", enlace_texto: "Ver presupuestos aceptados hoy", vacio: "Ningún cliente aceptó un presupuesto hoy." },
  "utv-mes": { titulo: "UTV del mes", unidad: "UTV", enlace_texto: "Ver seguimiento UTV", vacio: "Aún no hay registros UTV este mes." },
  "planilla-faltante": { titulo: "Planilla del mes incompleta", unidad: "trabajadores", enlace_texto: "Ver planilla", vacio: "La planilla del mes tiene a todos los trabajadores del mes anterior." },
};

/** Cards that report (the month's figures) rather than ask for something to be done. */
export const INFO_CARDS: readonly CardKey[] = ["presupuestos-mes", "utv-mes", "aceptados-hoy"];

const CONTABILIDAD: readonly CardKey[] = ["aceptacion-sii", "facturas-por-pagar", "saldos-clientes"];
const OPERACIONES: readonly CardKey[] = ["aceptados-hoy", "rectificaciones-vencidas", "obras-detenidas", "margen-negativo"];
const BODEGA: readonly CardKey[] = ["faltantes", "bajo-minimo", "oc-atrasadas", "solicitudes-pendientes"];
const VENTAS: readonly CardKey[] = ["aceptados-hoy", "presupuestos-mes", "presupuestos-sin-items", "obras-sin-pauta"];
const FABRICA: readonly CardKey[] = ["utv-mes", "planilla-faltante"];

/**
 * The cards of each role, in the order the home shows them. Gerencia sees the accounting,
 * operations and sales cards; Oficina Técnica the works waiting for their pauta (it writes
 * them). Informático (system administration) and Secretaria have no cards: their home
 * keeps the quick links.
 */
export const ROLE_CARDS: Readonly<Record<Role, readonly CardKey[]>> = {
  Gerencia: [...CONTABILIDAD, ...OPERACIONES, ...VENTAS.filter((k) => !OPERACIONES.includes(k))],
  Contabilidad: CONTABILIDAD,
  Operaciones: OPERACIONES,
  Bodega: BODEGA,
  Adquisiciones: BODEGA,
  Ventas: VENTAS,
  Fábrica: FABRICA,
  "Oficina Técnica": ["obras-sin-pauta"],
  Informático: [],
  Secretaria: [],
};

export function cardsForRole(role: Role): readonly CardKey[] {
  return ROLE_CARDS[role];
}

export interface DateRange {
  desde: string;
  hasta: string;
}

/** The last day of the week (Monday to Sunday) that holds `today`: "due this week" ends there. */
export function endOfWeek(today: string): string {
  const [y, m, d] = today.split("-").map(Number);
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay(); // 0 Sunday … 6 Saturday
  return addDays(today, weekday === 0 ? 0 : 7 - weekday);
}

/** A work whose stages last changed before this date is stalled (more than DIAS_OBRA_DETENIDA days ago). */
export function stalledBefore(today: string): string {
  return addDays(today, -DIAS_OBRA_DETENIDA);
}

/** A pending order dated before this is late (more than DIAS_OC_ATRASADA days ago). */
export function lateOrderBefore(today: string): string {
  return addDays(today, -DIAS_OC_ATRASADA);
}

/** Days a work has been in its stage (0 when it changed today or the date is in the future). */
export function daysInStage(since: string, today: string): number {
  return Math.max(0, daysBetween(since, today));
}

/** The stage a work is in: the first of the 16 not yet done (null when complete). */
export function currentStage(work: WorkStages): WorkStage | null {
  return WORK_STAGES.find((s) => work[s] !== true) ?? null;
}

/** The month of `today`: its first day and the first day of the next one (half-open). */
export function monthOf(today: string): { periodo: string; desde: string; hastaExclusivo: string; anterior: string } {
  const periodo = today.slice(0, 7);
  const { desde, hastaExclusivo } = periodoRange(periodo);
  return { periodo, desde, hastaExclusivo, anterior: previousPeriodo(periodo) };
}
