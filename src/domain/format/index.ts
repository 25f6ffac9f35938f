export { formatNumber, formatCLP, formatMm } from "./number";
export type { NumberLike } from "./number";
export { formatDate, formatDateTime } from "./date";
export type { DateLike } from "./date";
export { parseNumberInput, typedNumber, withTypedNumbers } from "./parse";
