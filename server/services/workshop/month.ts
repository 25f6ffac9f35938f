// The month and year filters of the workshop lists (GET api/taller/…?mes=03&anio=2026):
// the list's own query (paging, sort, q, filters) plus mes and anio, which become a
// half-open date range on `fecha` in Santiago calendar dates. Both missing → the current
// month; one missing or out of range → 400 "Periodo inválido." on mes.
import { z } from "zod";
import { currentPeriodo, periodoRange } from "../../../src/domain/workshop/periods";
import { mesAnioQuery } from "../../../src/domain/workshop/fields";
import type { List, ListQuery } from "../../lists";

export interface MonthListQuery {
  periodo: string;
  query: ListQuery;
}

/** The querystring schema of a list filtered by month: mes, anio and the list's parameters. */
export function monthQuery(list: List<object>) {
  return z.unknown().transform((input, ctx): MonthListQuery => {
    const { mes, anio, ...rest } = (input && typeof input === "object" ? input : {}) as Record<string, unknown>;
    const month = mesAnioQuery.safeParse({ mes, anio });
    const own = list.query.safeParse(rest);
    if (!month.success) for (const issue of month.error.issues) ctx.addIssue({ code: "custom", message: issue.message, path: issue.path.length ? issue.path : ["mes"] });
    if (!own.success) for (const issue of own.error.issues) ctx.addIssue({ code: "custom", message: issue.message, path: issue.path });
    if (!month.success || !own.success) return z.NEVER;
    return { periodo: month.data ?? currentPeriodo(), query: own.data };
  });
}

/** The list's query restricted to the period's dates (the list declares fecha with gte and lt). */
export function inMonth({ periodo, query }: MonthListQuery): ListQuery {
  const { desde, hastaExclusivo } = periodoRange(periodo);
  return { ...query, fecha_gte: desde, fecha_lt: hastaExclusivo };
}
