// A list's total as the server sends it (server/lists/define.ts): X-Total-Count, exact,
// unless X-Total-Count-Capped says the count stopped at its bound (a filtered list counts
// up to the next thousand past the page): then there are more than X-Total-Count − 1 rows,
// and the screens say "más de 1.000 productos". The pagination keeps X-Total-Count as its
// total, so it always offers the next page; paging on moves the bound on.
import { formatNumber } from "./number";

export interface ListTotal {
  total: number;
  /** The count stopped at its bound: more than total − 1 rows. */
  capped: boolean;
}

/** X-Total-Count and X-Total-Count-Capped of a response (axios lower-cases the names); the rows' length without them. */
export function totalFromHeaders(headers: Record<string, unknown>, rows: number): ListTotal {
  const header = headers["x-total-count"];
  const total = header === undefined || header === null ? NaN : Number(header);
  if (!Number.isFinite(total)) return { total: rows, capped: false };
  return { total, capped: String(headers["x-total-count-capped"] ?? "") === "true" };
}

/** "1 producto", "20 productos", "más de 1.000 productos". */
export function totalText(total: number, capped: boolean, singular: string, plural = `${singular}s`): string {
  if (capped) return `más de ${formatNumber(total - 1, 0)} ${plural}`;
  return `${formatNumber(total, 0)} ${total === 1 ? singular : plural}`;
}
