// Demo and benchmark data: `seed(database, { scale })` runs every area seeder, in
// dependency order, on a freshly migrated database. Deterministic (seeded PRNG): the same
// scale gives the same rows (dates are relative to today in Santiago).
// Add an area: write scripts/seed/<area>.ts exporting `seed<Area>(db, opts)` and list it below.
import type { Database } from "../../server/db/connect";
import type { AreaOptions, Scale, SeedCounts } from "./common";
import { seedUsers } from "./users";
import { seedSales } from "./sales";
import { seedMateriales } from "./materiales";
import { seedPautas } from "./pautas";
import { seedWorkshop } from "./workshop";
import { seedInventory } from "./inventory";
import { seedPurchasing } from "./purchasing";
import { seedOperations } from "./operations";
import { seedVehiculos } from "./vehiculos";
import { sql } from "drizzle-orm";
import { SeedLedger } from "./ledger";
import { write } from "../../server/services/write";
import { DERIVED_FIGURES } from "../../server/services/derived";

export type { Scale, SeedCounts } from "./common";
export { DEMO_LOGINS, DEMO_PASSWORD, demoEmail } from "./users";

export interface SeedOptions {
  scale: Scale;
  log?: (line: string) => void;
}

const AREAS: readonly { name: string; run: (db: Database["db"], opts: AreaOptions) => Promise<SeedCounts> }[] = [
  { name: "usuarios", run: seedUsers },
  { name: "ventas", run: seedSales },
  { name: "materiales", run: seedMateriales },
  { name: "pautas", run: seedPautas },
  { name: "taller", run: seedWorkshop },
  { name: "inventario", run: seedInventory },
  { name: "compras", run: seedPurchasing },
  { name: "operaciones", run: seedOperations },
  { name: "vehiculos", run: seedVehiculos },
];

export async function seed(database: Database, opts: SeedOptions): Promise<SeedCounts> {
  const log = opts.log ?? (() => {});
  const total: SeedCounts = {};
  const ledger = new SeedLedger();
  for (const area of AREAS) {
    const t0 = performance.now();
    const counts = await area.run(database.db, { scale: opts.scale, log, ledger });
    Object.assign(total, counts);
    const summary = Object.entries(counts).map(([table, n]) => `${n.toLocaleString("es-CL")} ${table}`).join(", ");
    log(`  ${area.name}: ${summary} (${Math.round(performance.now() - t0)} ms)`);
  }
  // Every area's stock movements, and each product's stock as their sum.
  const t0 = performance.now();
  total.movimientos_stock = await write({ db: database.db, user: null, route: "seed" }, (tx) => ledger.flush(tx));
  log(`  movimientos de stock: ${total.movimientos_stock.toLocaleString("es-CL")} (${Math.round(performance.now() - t0)} ms)`);
  // The bulk inserts wrote no derived figure (insert.ts switches the reserved-stock
  // triggers off): each is set from its definition, once, planned with the tables'
  // statistics of now (fresh tables are planned as if empty until analyzed): the tables
  // the definitions read.
  const t1 = performance.now();
  await database.db.execute(sql`analyze materiales, pautas, salidas_inventario, seguimiento_obras, presupuestos, ordenes_compra, items_oc`);
  await write({ db: database.db, user: null, route: "seed" }, async (tx) => {
    for (const figure of DERIVED_FIGURES) await figure.recompute(tx, { fix: true });
  });
  log(`  cifras derivadas: ${DERIVED_FIGURES.length} (${Math.round(performance.now() - t1)} ms)`);
  if (opts.scale !== "demo") {
    // The bench measures right after: its plans should not depend on whether autovacuum has
    // reached the new tables yet (index-only scans need their visibility map, e.g. a
    // page's count(*)), nor autovacuum run during the measurement.
    const t2 = performance.now();
    await database.pool.query("vacuum (analyze)");
    log(`  vacuum (analyze) (${Math.round(performance.now() - t2)} ms)`);
  }
  return total;
}
