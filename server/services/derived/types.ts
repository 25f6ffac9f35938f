// A derived figure kept at write time (a column or summary table updated in the same
// transaction as the writes that change it) and its definition from scratch. `recompute`
// compares every stored value with the definition; with `fix` it also rewrites the ones
// that differ. `npm run recompute` runs every figure of DERIVED_FIGURES (index.ts).
import type { Tx } from "../write";

export interface DerivedDifference {
  /** Which record (e.g. "presupuesto 12", "OC 4031"). */
  key: string;
  stored: unknown;
  expected: unknown;
}

export interface DerivedFigure {
  /** Short name, e.g. "obras.total_neto_real". */
  name: string;
  /** What it is and where it is stored, in one line. */
  description: string;
  recompute(tx: Tx, opts: { fix: boolean }): Promise<{ checked: number; differences: DerivedDifference[] }>;
}
