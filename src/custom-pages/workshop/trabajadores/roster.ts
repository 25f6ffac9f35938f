// The month's roster (its query key is the period) and the rows edited on screen, saved
// with "Guardar". Edits live beside the server's rows (a draft per edited row) and go when
// the row is saved or the month changes.
import { useState } from "react";
import { fetchTrabajadores, type Trabajador } from "../api";
import type { QueryKey } from "@tanstack/react-query";
import { useApiQuery, useSetQueryData, type WriteEffects } from "../../../data/query";
import { workshopKeys } from "../keys";

/** A roster row as edited on screen. */
export interface Draft {
  nombre: string;
  dias_trab: number | null;
  horas_extras: number | null;
  horas_retraso: number | null;
  observacion: string;
}

export const draftOf = (t: Trabajador): Draft => ({ nombre: t.nombre, dias_trab: t.dias_trab, horas_extras: t.horas_extras, horas_retraso: t.horas_retraso, observacion: t.observacion ?? "" });

const sameDraft = (a: Draft, b: Draft) =>
  a.nombre.trim() === b.nombre.trim() && (a.dias_trab ?? 0) === (b.dias_trab ?? 0) && (a.horas_extras ?? 0) === (b.horas_extras ?? 0) && (a.horas_retraso ?? 0) === (b.horas_retraso ?? 0) && a.observacion.trim() === b.observacion.trim();

export const rosterKey = (periodo: string) => workshopKeys.roster(periodo);

/** A write to a month's roster: Seguimiento UTV reads it with the month; `more` adds other keys (the roster itself, for a new or copied row). */
export const rosterWrite = (periodo: string, ...more: QueryKey[]): WriteEffects => ({ invalidates: [workshopKeys.month(periodo), ...more] });

export function useRoster(periodo: string) {
  // Spec 8: a failed load leaves the list empty.
  const roster = useApiQuery(rosterKey(periodo), () => fetchTrabajadores(periodo), { failMessage: "No se pudo cargar la planilla" });
  const rows = roster.failed ? [] : roster.current;
  const [drafts, setDrafts] = useState<Record<number, Draft>>({});
  const setQueryData = useSetQueryData();

  const draft = (r: Trabajador): Draft => drafts[r.id] ?? draftOf(r);
  const isDirty = (r: Trabajador) => drafts[r.id] !== undefined && !sameDraft(drafts[r.id], draftOf(r));
  const setDraft = (r: Trabajador, patch: Partial<Draft>) => setDrafts((d) => ({ ...d, [r.id]: { ...(d[r.id] ?? draftOf(r)), ...patch } }));
  const dropDraft = (id: number) =>
    setDrafts((d) => {
      const { [id]: _saved, ...rest } = d;
      return rest;
    });

  /** A saved row replaces its period's row (the period it belongs to, whatever is shown now). */
  const replaceRow = (row: Trabajador) => {
    setQueryData<Trabajador[]>(rosterKey(row.periodo), (rs) => rs.map((x) => (x.id === row.id ? row : x)));
    dropDraft(row.id);
  };
  const removeRow = (row: Trabajador) => {
    setQueryData<Trabajador[]>(rosterKey(row.periodo), (rs) => rs.filter((x) => x.id !== row.id));
    dropDraft(row.id);
  };

  return {
    /** The period's rows; null while they load. */
    rows,
    draft,
    isDirty,
    setDraft,
    dirtyRows: (rows ?? []).filter(isDirty),
    replaceRow,
    removeRow,
    /** Forgets every edit (another month). */
    resetDrafts: () => setDrafts({}),
  };
}
