// `npm run digest -- --rol Contabilidad [--fecha 2026-11-25] [--url https://erp.example.cl]`:
// the morning digest of a role (the home page's cards, GET api/resumen-diario) as plain
// Spanish text on stdout, for cron to mail. Reads the database as the server does
// (DATABASE_URL, else PGlite in DATA_DIR). On PGlite the data directory belongs to one
// process: with the server running, use PostgreSQL (docs/operacion.md "Resumen diario por correo").
import { openDbTarget } from "./db-target";
import { getResumenDiario } from "../server/services/hoy/get-resumen-diario";
import { isIsoDate, todayInSantiago } from "../src/domain/dates/dates";
import { digestText } from "../src/domain/hoy/text";
import { isRole, ROLES } from "../src/domain/roles/roles";

const USAGE = `Uso: npm run digest -- --rol ROL [--fecha AAAA-MM-DD] [--url URL_DE_VENTANAL]
Roles: ${ROLES.join(", ")}`;

function parseDigestArgs(argv: readonly string[]): { rol: string; fecha: string; url: string } | { error: string } {
  const args = argv.filter((a) => a !== "--");
  const value = (name: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const rol = value("--rol");
  const fecha = value("--fecha") ?? todayInSantiago();
  if (!rol || !isRole(rol)) return { error: `Rol desconocido: ${rol ?? "(falta --rol)"}` };
  if (!isIsoDate(fecha)) return { error: `Fecha inválida: ${fecha} (use AAAA-MM-DD)` };
  return { rol, fecha, url: (value("--url") ?? process.env.VENTANAL_URL ?? "").replace(/\/$/, "") };
}

async function main(): Promise<number> {
  if (process.argv.includes("-h") || process.argv.includes("--help")) {
    console.log(USAGE);
    return 0;
  }
  const parsed = parseDigestArgs(process.argv.slice(2));
  if ("error" in parsed) {
    console.error(`${parsed.error}\n${USAGE}`);
    return 2;
  }
  const target = await openDbTarget({
    mustExist: true,
    whenInUse: "Con PGlite la carpeta de datos es de un solo proceso: use PostgreSQL (DATABASE_URL) para el resumen con el servidor en marcha.",
  });
  if (typeof target === "number") return target;
  const { database } = target;
  try {
    const resumen = await getResumenDiario(database.db, parsed.rol as (typeof ROLES)[number], parsed.fecha);
    process.stdout.write(digestText(resumen, parsed.url));
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
