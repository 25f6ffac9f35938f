// Operaciones → Vehículos (a declared resource): the workshop's vans and trucks, each in
// the charge of a user; some with the technical inspection or the circulation permit due
// within 30 days, so the «Vence en 30 días» filter has rows. Bench: 40 per 100 clients.
import { sql } from "drizzle-orm";
import { addDays, todayInSantiago } from "../../src/domain/dates/dates";
import type { Db } from "../../server/db/connect";
import { vehiculos } from "../../server/db/schema";
import { write } from "../../server/services/write";
import { clientCount, insertChunks, type AreaOptions, type SeedCounts } from "./common";
import { createRandom } from "./random";

const MODELS = [
  ["Peugeot", "Partner"], ["Renault", "Kangoo"], ["Toyota", "Hilux"], ["Chevrolet", "N400"], ["Hyundai", "Porter"],
  ["Nissan", "NP300"], ["Citroën", "Berlingo"], ["Ford", "Ranger"], ["Mitsubishi", "L200"], ["Fiat", "Fiorino"],
] as const;
const NEW_LETTERS = "BCDFGHJKLPRSTVWXYZ";

/** The n-th plate of the new format (BBBB·12), all different. */
function plate(n: number): string {
  let rest = Math.floor(n / 90);
  let letters = "";
  for (let i = 0; i < 4; i++) {
    letters += NEW_LETTERS[rest % NEW_LETTERS.length];
    rest = Math.floor(rest / NEW_LETTERS.length);
  }
  return `${letters}${10 + (n % 90)}`;
}

export async function seedVehiculos(db: Db, opts: AreaOptions): Promise<SeedCounts> {
  const r = createRandom("ventanal-vehiculos");
  const today = todayInSantiago();
  const n = opts.scale === "demo" ? 8 : Math.max(8, Math.round(clientCount(opts.scale) * 0.4));
  const people = (await db.execute<{ id: number }>(sql`select id from usuarios where rol in ('Operaciones', 'Gerencia', 'Bodega', 'Fábrica') and activo order by id`)).rows;
  if (people.length === 0) return { vehiculos: 0 };
  const rows = Array.from({ length: n }, (_, i) => {
    const [marca, modelo] = MODELS[i % MODELS.length];
    // One in four has a date within 30 days; the rest between one and eleven months away.
    const soon = i % 4 === 0;
    return {
      patente: plate(i * 7919 + 13),
      marca,
      modelo,
      anio: 2012 + r.int(0, 13),
      vencimiento_revision_tecnica: addDays(today, soon ? r.int(1, 29) : r.int(35, 330)),
      vencimiento_permiso_circulacion: addDays(today, r.int(35, 330)),
      responsable_id: people[i % people.length].id,
    };
  });
  await write({ db, user: null, route: "seed" }, (tx) => insertChunks(rows, 1000, (chunk) => tx.insert(vehiculos).values(chunk)));
  return { vehiculos: rows.length };
}
