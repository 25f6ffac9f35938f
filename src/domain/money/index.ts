export { roundHalfAwayFromZero, roundPesos } from "./round";
export { IVA_RATE, iva, totalConIva, totals, lineTotal, quoteTotals } from "./vat";
export type { Totals, MoneyLine } from "./vat";
