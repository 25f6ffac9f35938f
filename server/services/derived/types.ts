// A derived figure kept at write time (issue 22): a stored value (a column or a summary
// table) that has one definition computed from scratch. `npm run recompute`
// (scripts/recompute.ts) and the parity tests go through this interface.
import type { Tx } from "../write";

export interface DerivedDifference {
  /** The row whose stored value is wrong (a product's code, a work's id…). */
  key: string;
  stored: unknown;
  expected: unknown;
}

export interface DerivedFigure {
  /** Short name, as `npm run recompute` prints it (e.g. "stock_reservado"). */
  name: string;
  /** What the figure is, in Spanish, for the report. */
  description: string;
  /** Rebuild from scratch inside tx; return rows whose stored value differed (fixed when `fix`). */
  recompute(tx: Tx, opts: { fix: boolean }): Promise<{ checked: number; differences: DerivedDifference[] }>;
}
