// Every derived figure kept at write time, for `npm run recompute` and the parity tests.
// A new figure: a module exporting a DerivedFigure (see stock-reservado.ts), listed here.
import { obraFigures } from "./obras";
import { ordenFigures } from "./ordenes";
import { stockReservadoFigure } from "./stock-reservado";
import type { DerivedFigure } from "./types";

export type { DerivedDifference, DerivedFigure } from "./types";

export const DERIVED_FIGURES: DerivedFigure[] = [stockReservadoFigure, ...obraFigures, ...ordenFigures];
