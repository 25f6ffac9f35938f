// The workshop seed at demo scale: 3 months of UTV records, panels and rosters whose
// stored derived figures are the domain's.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../server/db/connect";
import { openDemoDatabase } from "./test-fixture";
import { INSTALADORES } from "../../src/config/empresa";
import { computedHours } from "../../src/domain/workshop/payroll";
import { currentPeriodo } from "../../src/domain/workshop/periods";
import { termopanelM2 } from "../../src/domain/workshop/production";
import { workshopSizes } from "./workshop";

let database: Database;
beforeAll(async () => {
  database = await openDemoDatabase(); // a copy of the run's demo database
});
afterAll(() => database.close());

const rows = async (q: string) => (await database.pool.query(q)).rows;

describe("workshop seed, demo scale", () => {
  it("writes 3 months up to the current one, with the domain's m2 and hours", async () => {
    const s = workshopSizes("demo");
    const [c] = await rows(`select (select count(*) from taller_utv)::int utv, (select count(*) from taller_termopanel)::int termo, (select count(*) from trabajadores)::int trab,
      (select count(distinct periodo) from trabajadores)::int periodos, (select max(periodo) from trabajadores) ultimo`);
    expect(c).toEqual({ utv: 3 * s.utvPerMonth, termo: 3 * s.termoPerMonth, trab: 3 * s.workers, periodos: 3, ultimo: currentPeriodo() });
    for (const t of await rows("select ancho_mm::float8 ancho_mm, alto_mm::float8 alto_mm, cantidad, m2::float8 m2 from taller_termopanel")) expect(t.m2).toBe(termopanelM2(t));
    for (const w of await rows("select dias_trab, horas_extras::float8 horas_extras, horas_retraso::float8 horas_retraso, horas_trab::float8 horas_trab, horas_acum_trab::float8 horas_acum_trab from trabajadores")) {
      expect({ horas_trab: w.horas_trab, horas_acum_trab: w.horas_acum_trab }).toEqual(computedHours(w));
    }
    for (const u of await rows("select distinct instalador from taller_utv where instalador is not null")) expect(INSTALADORES).toContain(u.instalador);
  });
});
