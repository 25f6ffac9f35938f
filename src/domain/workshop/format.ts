// How the workshop screens and PDFs print m2: always 2 decimals (section 9: "The form m2
// has 2 decimals"), es-CL separators: 3.6 → "3,60", 1234.5 → "1.234,50".
import { roundHalfAwayFromZero } from "../money/round";

export function formatM2(value: number | null | undefined): string {
  if (typeof value !== "number" || !Number.isFinite(value)) return "";
  const r = roundHalfAwayFromZero(value, 2);
  const [int, frac] = Math.abs(r).toFixed(2).split(".");
  return `${r < 0 ? "-" : ""}${int.replace(/\B(?=(\d{3})+(?!\d))/g, ".")},${frac}`;
}

/** A percentage with 2 decimals: 68.9655 → "68,97 %". */
export function formatPercent(value: number): string {
  return `${formatM2(value)} %`;
}
