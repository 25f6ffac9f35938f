// Workshop: UTV records and thermal panels of the last months (dates relative to today in
// Santiago) for the quotes' works (named by their quote's number and work), and a monthly
// worker roster (full-time: near every working day) for each of those months (the same crew, with a
// few joining and leaving). Bench: 24 months, about 3,000 UTV records, 2,000 panels,
// 12 workers a month.
import { INSTALADORES } from "../../src/config/empresa";
import { todayInSantiago } from "../../src/domain/dates/dates";
import { computedHours } from "../../src/domain/workshop/payroll";
import { currentPeriodo, daysInPeriodo, previousPeriodo } from "../../src/domain/workshop/periods";
import { termopanelM2, UTV_CONTEOS, UTV_TIPOS } from "../../src/domain/workshop/production";
import { sql } from "drizzle-orm";
import type { Db } from "../../server/db/connect";
import { write } from "../../server/services/write";
import { clientCount, FIRST_NAMES, SURNAMES, type AreaOptions, type Scale, type SeedCounts } from "./common";
import { insertJson, type Columns } from "./insert";
import { createRandom } from "./random";

const UTV_COLUMNS: Columns = [
  ["fecha", "date"], ["nombre_pauta", "text"], ["numero_pauta", "text"], ["tipo", "text"],
  ...UTV_CONTEOS.map((c) => [c, "integer"] as const),
  ["comentario_marcos", "text"], ["comentario_otro", "text"], ["valor_m2", "numeric"], ["m2_instalador", "numeric"], ["instalador", "text"],
];
const TERMO_COLUMNS: Columns = [
  ["fecha", "date"], ["cliente", "text"], ["cantidad", "integer"], ["ancho_mm", "numeric"], ["alto_mm", "numeric"], ["m2", "numeric"], ["observaciones", "text"], ["valor_m2", "numeric"],
];
const WORKER_COLUMNS: Columns = [
  ["periodo", "text"], ["nombre", "text"], ["dias_trab", "integer"], ["horas_trab", "numeric"], ["horas_extras", "numeric"], ["horas_retraso", "numeric"], ["observacion", "text"], ["horas_acum_trab", "numeric"],
];

interface Sizes {
  months: number;
  utvPerMonth: number;
  termoPerMonth: number;
  workers: number;
}

export function workshopSizes(scale: Scale): Sizes {
  if (scale === "demo") return { months: 3, utvPerMonth: 8, termoPerMonth: 5, workers: 5 };
  const f = clientCount(scale) / 2000;
  return { months: 24, utvPerMonth: Math.max(1, Math.round(125 * f)), termoPerMonth: Math.max(1, Math.round(85 * f)), workers: 12 };
}

/** Monday to Friday of a month up to `lastDay`: a full-time worker's days. */
export function workingDays(periodo: string, lastDay: number): number {
  let n = 0;
  for (let d = 1; d <= lastDay; d++) {
    const wd = new Date(`${periodo}-${String(d).padStart(2, "0")}T12:00:00Z`).getUTCDay();
    if (wd !== 0 && wd !== 6) n++;
  }
  return n;
}

export async function seedWorkshop(db: Db, opts: AreaOptions): Promise<SeedCounts> {
  const r = createRandom("ventanal-taller");
  const sizes = workshopSizes(opts.scale);
  const today = todayInSantiago();
  const periods: string[] = [];
  for (let p = currentPeriodo(), i = 0; i < sizes.months; i++, p = previousPeriodo(p)) periods.unshift(p);

  // The works the shop builds are the quotes' works (being made or made), named as sold.
  const works = (
    await db.execute<{ numero: string; nombre_obra: string | null; cliente: string; fabricacion: boolean }>(
      sql`select p.numero, p.nombre_obra, c.nombre cliente, s.fabricacion from presupuestos p join clientes c on c.id = p.cliente_id
            join seguimiento_obras s on s.presupuesto_id = p.id order by p.id`,
    )
  ).rows;
  const built = works.filter((w) => w.fabricacion);
  const pool = built.length > 0 ? built : works;
  if (pool.length === 0) return {};

  const utvs: Record<string, unknown>[] = [];
  const termos: Record<string, unknown>[] = [];
  const workers: Record<string, unknown>[] = [];
  const names = new Set<string>();
  while (names.size < sizes.workers + 4) names.add(`${r.pick(FIRST_NAMES)} ${r.pick(SURNAMES)} ${r.pick(SURNAMES)}`);
  const crew = [...names];
  for (const periodo of periods) {
    const days = daysInPeriodo(periodo);
    // Only days up to today in the current month.
    const lastDay = periodo === today.slice(0, 7) ? Number(today.slice(8, 10)) : days;
    const dateIn = () => `${periodo}-${String(r.int(1, lastDay)).padStart(2, "0")}`;
    for (let k = 0; k < sizes.utvPerMonth; k++) {
      const counts = Object.fromEntries(UTV_CONTEOS.map((c) => [c, r.chance(c === "otro" || c === "marco_puerta" ? 0.15 : 0.5) ? r.int(1, c === "fijo" ? 8 : 5) : 0]));
      const instalador = r.weighted([[INSTALADORES[0], 4], [INSTALADORES[1], 1], [INSTALADORES[2], 1], [INSTALADORES[3], 1], [INSTALADORES[4], 1], [INSTALADORES[5], 2], [null, 1]] as const);
      const work = r.pick(pool);
      utvs.push({
        fecha: dateIn(),
        nombre_pauta: work.nombre_obra ?? work.cliente,
        numero_pauta: work.numero,
        tipo: r.pick(UTV_TIPOS),
        ...counts,
        comentario_marcos: counts.marcos_adicionales ? "Marcos de ajuste" : null,
        comentario_otro: counts.otro ? r.pick(["Ventana redonda", "Lucarna", "Celosía"]) : null,
        valor_m2: 3000,
        m2_instalador: instalador && instalador !== "Retiro en planta" ? r.int(20, 400) / 10 : 0,
        instalador,
      });
    }
    for (let k = 0; k < sizes.termoPerMonth; k++) {
      const medidas = { ancho_mm: r.int(40, 200) * 10, alto_mm: r.int(40, 220) * 10, cantidad: r.int(1, 6) };
      termos.push({ fecha: dateIn(), cliente: r.pick(pool).cliente, ...medidas, m2: termopanelM2(medidas), observaciones: r.chance(0.3) ? "Termopanel 4-12-4" : null, valor_m2: 1500 });
    }
    // The crew of the month: most of it, a few coming and going.
    // Full-time: every working day (Monday to Friday) but a day or two, now and then a
    // medical leave of a week or more.
    const start = r.int(0, 4);
    const full = workingDays(periodo, lastDay);
    for (const nombre of crew.slice(start, start + sizes.workers)) {
      const leave = r.chance(0.06);
      const absent = leave ? r.int(5, 10) : r.weighted([[0, 55], [1, 30], [2, 15]] as const);
      const figures = { dias_trab: Math.max(0, full - absent), horas_extras: r.int(0, 40) / 4, horas_retraso: r.chance(0.4) ? r.int(1, 24) / 4 : 0 };
      workers.push({ periodo, nombre, ...figures, ...computedHours(figures), observacion: leave ? "Licencia médica" : null });
    }
  }
  return write({ db, user: null, route: "seed" }, async (tx, audit) => {
    await insertJson(tx, "taller_utv", UTV_COLUMNS, utvs);
    await insertJson(tx, "taller_termopanel", TERMO_COLUMNS, termos);
    await insertJson(tx, "trabajadores", WORKER_COLUMNS, workers);
    const counts = { taller_utv: utvs.length, taller_termopanel: termos.length, trabajadores: workers.length };
    await audit({ entity: "semilla", entityId: null, changes: counts });
    return counts;
  });
}
