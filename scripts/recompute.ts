// `npm run recompute [-- --check] [-- NOMBRE…]`: rebuild the derived figures kept at write
// time (reserved stock…) from their definitions and report the differences in Spanish,
// on the configured database (PGlite in DATA_DIR, or PostgreSQL in DATABASE_URL, like the
// server and `npm run backup`). Applies pending migrations first (as the server does on
// start). `--check` changes nothing and exits with 1 when a figure differs. On PGlite the
// server must be stopped: the data directory belongs to one process at a time.
import { runMigrations } from "../server/db/migrate";
import { DERIVED_FIGURES } from "../server/services/derived";
import { openDbTarget } from "./db-target";
import { recompute, reportLines } from "./recompute-lib";

async function main(): Promise<number> {
  const args = process.argv.slice(2).filter((a) => a !== "--");
  if (args.some((a) => a === "-h" || a === "--help")) {
    console.log(`Uso: npm run recompute [-- --check] [-- NOMBRE…]   (usa DATA_DIR o DATABASE_URL, igual que el servidor)\nCifras: ${DERIVED_FIGURES.map((f) => f.name).join(", ")}`);
    return 0;
  }
  const check = args.includes("--check");
  const names = args.filter((a) => !a.startsWith("--"));
  const unknown = names.filter((n) => !DERIVED_FIGURES.some((f) => f.name === n));
  if (unknown.length) {
    console.error(`Cifra desconocida: ${unknown.join(", ")}. Cifras: ${DERIVED_FIGURES.map((f) => f.name).join(", ")}.`);
    return 2;
  }
  const target = await openDbTarget({
    mustExist: true,
    whenInUse: "El recálculo necesita el servidor detenido (con PGlite la carpeta de datos es de un solo proceso).",
  });
  if (typeof target === "number") return target;
  const { database } = target;
  try {
    await runMigrations(database);
    const figures = names.length ? DERIVED_FIGURES.filter((f) => names.includes(f.name)) : DERIVED_FIGURES;
    const reports = await recompute(database.db, { fix: !check, figures });
    for (const line of reportLines(reports, !check)) console.log(line);
    const differing = reports.filter((r) => r.differences.length > 0).length;
    console.log(
      differing === 0
        ? "Todas las cifras derivadas coinciden con su definición."
        : check
          ? `${differing} ${differing === 1 ? "cifra difiere" : "cifras difieren"} de su definición; sin --check se corrigen.`
          : `${differing} ${differing === 1 ? "cifra corregida" : "cifras corregidas"}.`,
    );
    return check && differing > 0 ? 1 : 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error("No se pudo recalcular:", err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
