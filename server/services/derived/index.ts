// Every derived figure maintained at write time, for `npm run recompute` and the parity tests.
import type { DerivedFigure } from "./types";
import { obraFigures } from "./obras";
import { ordenFigures } from "./ordenes";

export type { DerivedFigure, DerivedDifference } from "./types";

export const DERIVED_FIGURES: DerivedFigure[] = [...obraFigures, ...ordenFigures];
