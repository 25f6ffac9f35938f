// «Historial de cambios» (issue 19): the audit rows as the API answers them, the names of
// the audited tables in Spanish, and how a row's `cambios` reads as field changes.
// Audit rows are written by server/services/write.ts: create → the stored row,
// update → { campo: { antes, despues } } (changedFields), delete → { eliminado: row }.
import { z } from "zod";
import { timestampValue } from "../fields";

export const auditoriaRow = z.object({
  id: z.number().int(),
  fecha: timestampValue,
  usuario_id: z.number().int().nullable(),
  /** The author's name and role as they were when the row was written, or null (the seed, the system). */
  usuario_nombre: z.string().nullable(),
  usuario_rol: z.string().nullable(),
  ruta: z.string(),
  entidad: z.string(),
  entidad_id: z.string().nullable(),
  cambios: z.unknown(),
});
export type AuditoriaRow = z.output<typeof auditoriaRow>;

/** The audited tables a user may filter by, with their names on screen. */
export const AUDIT_ENTITY_LABELS: Record<string, string> = {
  clientes: "Clientes",
  presupuestos: "Presupuestos",
  items_presupuesto: "Ítems de presupuesto",
  seguimiento_obras: "Seguimiento de obras",
  pautas: "Pautas de materiales",
  materiales: "Materiales",
  ajustes_stock: "Ajustes de stock",
  salidas_inventario: "Salidas de material",
  solicitudes_bodega: "Solicitudes de bodega",
  proveedores: "Proveedores",
  ordenes_compra: "Órdenes de compra",
  items_oc: "Ítems de OC",
  recepciones_oc: "Recepciones de OC",
  facturas_guias: "Facturas/Guías",
  pagos_clientes: "Pagos de clientes",
  trabajadores: "Trabajadores",
  taller_utv: "UTV del taller",
  taller_termopanel: "Termopaneles",
  usuarios: "Usuarios",
  sesiones: "Sesiones",
};

export const entityLabel = (entidad: string): string => AUDIT_ENTITY_LABELS[entidad] ?? entidad;

export type ChangeKind = "creacion" | "modificacion" | "eliminacion" | "otro";
export const CHANGE_KIND_LABELS: Record<ChangeKind, string> = {
  creacion: "Creación",
  modificacion: "Modificación",
  eliminacion: "Eliminación",
  otro: "Registro",
};

export interface FieldChange {
  campo: string;
  /** undefined: the field had no earlier value to show (a creation). */
  antes?: unknown;
  despues?: unknown;
}

export interface ChangeSummary {
  tipo: ChangeKind;
  campos: FieldChange[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isPair = (v: unknown): v is { antes: unknown; despues: unknown } => isObject(v) && "antes" in v && "despues" in v && Object.keys(v).length === 2;

/**
 * What one audit row did, field by field. `creada` tells a creation (the route was a POST)
 * from an action recorded with its own payload (a login, a copied roster).
 */
export function describeChanges(cambios: unknown, ruta: string): ChangeSummary {
  if (!isObject(cambios)) return { tipo: "otro", campos: [] };
  const entries = Object.entries(cambios);
  if (entries.length === 1 && entries[0][0] === "eliminado" && isObject(entries[0][1])) {
    return { tipo: "eliminacion", campos: Object.entries(entries[0][1]).map(([campo, antes]) => ({ campo, antes })) };
  }
  if (entries.length > 0 && entries.every(([, v]) => isPair(v))) {
    return { tipo: "modificacion", campos: entries.map(([campo, v]) => ({ campo, antes: (v as { antes: unknown }).antes, despues: (v as { despues: unknown }).despues })) };
  }
  // A user's update records the new values and `anterior` (the old ones).
  const anterior = cambios.anterior;
  if (isObject(anterior)) {
    return { tipo: "modificacion", campos: entries.filter(([k]) => k !== "anterior").map(([campo, despues]) => ({ campo, antes: anterior[campo], despues })) };
  }
  const tipo: ChangeKind = /^POST\b/.test(ruta) ? "creacion" : entries.length === 0 ? "modificacion" : "otro";
  return { tipo, campos: entries.map(([campo, despues]) => ({ campo, despues })) };
}

/** A value as one line of text: empty for null, JSON for objects, ISO timestamps as they come. */
export function changeValueText(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "boolean") return value ? "Sí" : "No";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}
