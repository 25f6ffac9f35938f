// Fábrica's cards: the month's UTV so far per installer and per type (utvUnits of
// src/domain on the counts summed per installer and type: the weights are linear), and the
// roster rows missing this month (last month's workers without a row yet).
import { and, asc, eq, gte, lte, sql } from "drizzle-orm";
import { ITEMS_POR_TARJETA, monthOf } from "../../../src/domain/hoy/rules";
import { formatNumber } from "../../../src/domain/format/number";
import { UTV_CONTEOS, UTV_TIPOS, utvUnits, type UtvConteo } from "../../../src/domain/workshop/production";
import { periodoLabel } from "../../../src/domain/workshop/periods";
import { taller_utv, trabajadores } from "../../db/schema";
import { card, item, totalOf, totalOver, type CardBuilder } from "./card";

const round2 = (n: number) => Math.round(n * 100) / 100;
const SIN_INSTALADOR = "Sin instalador";

export const utvMes: CardBuilder = async (db, today) => {
  const { desde } = monthOf(today);
  const sums = Object.fromEntries(UTV_CONTEOS.map((c) => [c, sql<number>`sum(${taller_utv[c]})`.mapWith(Number)])) as Record<UtvConteo, ReturnType<typeof sql<number>>>;
  const groups = await db
    .select({ instalador: taller_utv.instalador, tipo: taller_utv.tipo, ...sums })
    .from(taller_utv)
    .where(and(gte(taller_utv.fecha, desde), lte(taller_utv.fecha, today)))
    .groupBy(taller_utv.instalador, taller_utv.tipo);
  const byInstaller = new Map<string, number>();
  const byType = new Map<string, number>(UTV_TIPOS.map((t) => [t, 0]));
  let total = 0;
  for (const g of groups) {
    const units = utvUnits(g as Partial<Record<UtvConteo, number>>);
    const who = g.instalador ?? SIN_INSTALADOR;
    byInstaller.set(who, (byInstaller.get(who) ?? 0) + units);
    byType.set(g.tipo, (byType.get(g.tipo) ?? 0) + units);
    total += units;
  }
  return card("utv-mes", today, {
    cantidad: round2(total),
    cifras: [...byType].map(([tipo, units]) => ({ etiqueta: tipo, valor: round2(units), formato: "numero" as const })),
    items: [...byInstaller]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0], "es-CL"))
      .map(([who, units]) => item(who, `${formatNumber(round2(units))} UTV`)),
  });
};

/** Last month's workers (name, any case) without a row in this month's roster. */
export const planillaFaltante: CardBuilder = async (db, today) => {
  const { periodo, anterior } = monthOf(today);
  const rows = await db
    .select({ nombre: trabajadores.nombre, total: totalOver })
    .from(trabajadores)
    .where(
      and(
        eq(trabajadores.periodo, anterior),
        sql`not exists (select 1 from trabajadores c where c.periodo = ${periodo} and lower(c.nombre) = lower("trabajadores"."nombre"))`,
      ),
    )
    .orderBy(asc(trabajadores.nombre))
    .limit(ITEMS_POR_TARJETA);
  return card("planilla-faltante", today, {
    cantidad: totalOf(rows),
    items: rows.map((w) => item(w.nombre, `en la planilla de ${periodoLabel(anterior)}, falta en ${periodoLabel(periodo)}`)),
  });
};
