// GET api/taller/resumen?mes&anio (ours, additive): the month's UTV, thermal and
// installation totals, the pay total, and its two splits (by attendance % as the pay PDF,
// by accumulated hours as the screen), computed with the same domain functions the web
// uses, so accounting can check the pay without the PDF.
import { and, asc, eq, gte, lt } from "drizzle-orm";
import { periodoLabel, periodoRange } from "../../../src/domain/workshop/periods";
import { workshopTotals } from "../../../src/domain/workshop/production";
import type { ResumenTaller } from "../../../src/domain/workshop/schemas";
import { splitByAccumulatedHours, splitByAttendance } from "../../../src/domain/workshop/split";
import type { Db } from "../../db/connect";
import { taller_termopanel, taller_utv, trabajadores } from "../../db/schema";
import { termopanelColumns } from "./termopanel-row";
import { trabajadorColumns } from "./trabajador-row";
import { utvColumns } from "./utv-row";

export async function getResumenTaller(db: Db, periodo: string): Promise<ResumenTaller> {
  const { desde, hastaExclusivo } = periodoRange(periodo);
  const utvs = await db.select(utvColumns).from(taller_utv).where(and(gte(taller_utv.fecha, desde), lt(taller_utv.fecha, hastaExclusivo)));
  const termos = await db.select(termopanelColumns).from(taller_termopanel).where(and(gte(taller_termopanel.fecha, desde), lt(taller_termopanel.fecha, hastaExclusivo)));
  const roster = await db.select(trabajadorColumns).from(trabajadores).where(eq(trabajadores.periodo, periodo)).orderBy(asc(trabajadores.id));
  const totals = workshopTotals(utvs, termos);
  const pdf = splitByAttendance(totals.total, roster, periodo);
  const screen = splitByAccumulatedHours(totals.total, roster);
  const strip = <P extends { index: number }>({ index: _index, ...rest }: P) => rest;
  return {
    periodo,
    titulo: periodoLabel(periodo),
    utv: totals.utv,
    termopanel: totals.termopanel,
    instalacion: totals.instalacion,
    total: totals.total,
    reparto_asistencia: pdf.partes.map(strip),
    reparto_horas: screen.partes.map(strip),
    sin_asignar: pdf.sinAsignar,
  };
}
