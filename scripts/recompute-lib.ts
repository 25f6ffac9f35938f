// `npm run recompute` (issue 22): every derived figure kept at write time
// (server/services/derived, DERIVED_FIGURES) rebuilt from its definition, from scratch,
// and the rows whose stored value differed reported per figure in Spanish. `--check` only
// reports; by default the differences are fixed, in one transaction per figure, with an
// audit row naming the figure and what changed.
import { formatNumber } from "../src/domain/format/number";
import type { Db } from "../server/db/connect";
import { DERIVED_FIGURES, type DerivedDifference, type DerivedFigure } from "../server/services/derived";
import { write } from "../server/services/write";

export const RECOMPUTE_ROUTE = "npm run recompute";
/** Differences printed per figure (all are fixed and audited). */
const SHOWN = 20;

export interface FigureReport {
  name: string;
  checked: number;
  differences: DerivedDifference[];
  fixed: boolean;
}

export async function recompute(db: Db, opts: { fix: boolean; figures?: readonly DerivedFigure[] }): Promise<FigureReport[]> {
  const out: FigureReport[] = [];
  for (const figure of opts.figures ?? DERIVED_FIGURES) {
    const result = await write({ db, user: null, route: RECOMPUTE_ROUTE }, async (tx, audit) => {
      const r = await figure.recompute(tx, { fix: opts.fix });
      if (opts.fix && r.differences.length > 0) {
        await audit({ entity: `recompute:${figure.name}`, entityId: null, changes: { cifra: figure.name, revisadas: r.checked, corregidas: r.differences } });
      }
      return r;
    });
    out.push({ name: figure.name, checked: result.checked, differences: result.differences, fixed: opts.fix && result.differences.length > 0 });
  }
  return out;
}

const show = (v: unknown) => (typeof v === "number" ? formatNumber(v, 4) : v === null || v === undefined ? "vacío" : String(v));

/** The report's lines, in Spanish. */
export function reportLines(reports: readonly FigureReport[], fix: boolean): string[] {
  const lines: string[] = [];
  for (const r of reports) {
    const figure = DERIVED_FIGURES.find((f) => f.name === r.name);
    const n = r.differences.length;
    const what = n === 0 ? "sin diferencias" : `${formatNumber(n, 0)} ${n === 1 ? "diferencia" : "diferencias"}${fix ? (n === 1 ? " (corregida)" : " (corregidas)") : " (sin corregir: --check)"}`;
    lines.push(`${r.name}: ${formatNumber(r.checked, 0)} revisadas, ${what}.${figure ? ` ${figure.description}.` : ""}`);
    for (const d of r.differences.slice(0, SHOWN)) lines.push(`  ${d.key}: guardado ${show(d.stored)}, según la definición ${show(d.expected)}`);
    if (n > SHOWN) lines.push(`  … y ${formatNumber(n - SHOWN, 0)} más.`);
  }
  return lines;
}
