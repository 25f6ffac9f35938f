// Backups (npm run backup / npm run restore): a plain-SQL dump restored into an empty
// database gives the same rows, sequences, migrations and append-only trigger; on
// PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { loadConfig } from "../../server/config";
import { openDatabase, type Database } from "../../server/db/connect";
import { runMigrations } from "../../server/db/migrate";
import { bootstrapAdmin } from "../../server/services/auth/bootstrap-admin";
import { BackupError, dumpToFile, FORMAT_LINE, literal, restoreFromFile } from "../../scripts/backup-lib";
import { ADMIN, createTestServer, openServerTestDatabase, openTestDatabase, type TestServer } from "../helpers";
import { CHILD_PROCESS_TIMEOUT_MS } from "../timeouts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "ventanal-respaldo-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const TRICKY = [
  "O'Higgins \"Ltda.\"",
  "línea 1\nlínea 2\r\nfin",
  "barra \\ invertida \\n no es salto",
  "ñandú 🪟 €",
  "-- ventanal:fin",
  "'); drop table clientes; --",
  "\t tab",
];

/** Every table (public and drizzle's), each row as text, in a fixed order and time zone. */
/** Every table's rows (not the caches' change counters: not data, never dumped), sequences and triggers. */
async function snapshot(pool: pg.Pool): Promise<Record<string, string[]>> {
  const client = await pool.connect();
  try {
    await client.query("set timezone = 'UTC'");
    const { rows } = await client.query(`
      select format('%I.%I', n.nspname, c.relname) as t from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where (n.nspname = 'public' and c.relkind = 'r' and c.relname <> 'cambios_tabla') or (n.nspname = 'drizzle' and c.relname = '__drizzle_migrations') order by 1`);
    const out: Record<string, string[]> = {};
    for (const { t } of rows) out[t] = (await client.query(`select x::text as r from ${t} x order by 1`)).rows.map((r) => r.r);
    const seqs = await client.query("select schemaname || '.' || sequencename as s, last_value::text as v from pg_sequences order by 1");
    out.__secuencias = seqs.rows.map((r) => `${r.s}=${r.v}`);
    const trg = await client.query("select tgname from pg_trigger where not tgisinternal order by 1");
    out.__triggers = trg.rows.map((r) => r.tgname);
    return out;
  } finally {
    await client.query("reset all");
    client.release();
  }
}

async function fillWithData(t: TestServer) {
  const ids: number[] = [];
  for (const [i, rol] of (["Ventas", "Bodega", "Gerencia"] as const).entries()) {
    const res = await t.request({ method: "POST", url: "/api/usuarios", as: "Informático", payload: { nombre: TRICKY[i], correo: `r${i}@ejemplo.cl`, rol, contrasena: "secreta1" } });
    expect(res.statusCode).toBe(201);
    ids.push(res.json().id);
  }
  const off = await t.request({ method: "PUT", url: `/api/usuarios/${ids[1]}`, as: "Informático", payload: { activo: false } });
  expect(off.statusCode).toBe(200);
  await fillRows(t.database.pool);
}

/** Rows with awkward values in every kind of column, and a sequence ahead of its table. */
async function fillRows(pool: pg.Pool) {
  const q = (text: string, values?: unknown[]) => pool.query(text, values);
  for (const [i, nombre] of TRICKY.entries()) {
    const c = await q("insert into clientes (nombre, rut, correo, direccion) values ($1, $2, $3, $4) returning id", [nombre, i % 2 ? null : `1${i}.345.678-${i}`, `c${i}@x.cl`, nombre]);
    const p = await q("insert into presupuestos (numero, cliente_id, nombre_obra, fecha, total_neto_presupuestado) values ($1, $2, $3, $4, $5) returning id", [
      `P-${i}`,
      c.rows[0].id,
      nombre,
      `2025-0${(i % 9) + 1}-28`,
      9_007_199_254_740_000 + i,
    ]);
    await q("insert into seguimiento_obras (presupuesto_id, rectificacion, comentario, comentario_fecha) values ($1, $2, $3, now())", [p.rows[0].id, i % 2 === 0, nombre]);
    await q("insert into items_presupuesto (presupuesto_id, tipo_ventana, tipo_apertura, ancho, alto, cantidad, precio_unitario, utv, utv_monto, texto_observaciones) values ($1, 'Fijo', 'Derecha', 1234.5, 0.000001, 3, $2, 2.5, 50000, $3)", [
      p.rows[0].id,
      "12345678901234567890.123456789",
      nombre,
    ]);
  }
  await q("insert into auditoria (usuario_id, ruta, entidad, entidad_id, cambios) values (null, 'prueba', 'x', null, $1)", [
    JSON.stringify({ texto: TRICKY.join("|"), anidado: { lista: [1, "dos", null, true] } }),
  ]);
  await q("insert into idempotencia (usuario_id, clave, metodo, ruta, estado_http, respuesta) values (1, $1, 'POST', '/api/x', 201, $2)", ["clave 'rara'\n", JSON.stringify({ ok: TRICKY[1] })]);
  // the company's row (written by a migration) as an Informático left it: the backup's wins on restore
  await q("update empresa set nombre = $1, validez_oferta_dias = 45", [TRICKY[0]]);
  // a sequence ahead of its table's highest id (a rolled-back insert consumed a value)
  const c = await pool.connect();
  await c.query("begin");
  await c.query("insert into clientes (nombre) values ('se deshace')");
  await c.query("rollback");
  c.release();
}

describe("literal()", () => {
  it("keeps every value on one line and quotes safely", () => {
    expect(literal(null)).toBe("NULL");
    expect(literal("O'Higgins")).toBe("'O''Higgins'");
    expect(literal("a\nb\\c\r")).toBe("E'a\\nb\\\\c\\r'");
    for (const v of TRICKY) expect(literal(v)).not.toMatch(/[\n\r]/);
  });
});

describe("backup and restore round trip", () => {
  let source: TestServer;
  let file: string;
  let before: Record<string, string[]>;
  const targets: Database[] = [];
  const target = async () => {
    const d = await openTestDatabase();
    targets.push(d);
    return d;
  };

  beforeAll(async () => {
    source = await createTestServer();
    await fillWithData(source);
    file = path.join(tmp, "respaldo.sql");
    before = await snapshot(source.database.pool);
  });
  afterAll(async () => {
    await source.close();
    for (const d of targets) await d.close();
  });

  it("writes a plain-SQL file with schema, data in foreign-key order, sequences and row counts", async () => {
    const summary = await dumpToFile(source.database.pool, file, { engine: source.database.kind });
    expect(summary.migrations).toEqual(["0000_initial", "0001_append_only_audit", ...summary.migrations.slice(2)]);
    const text = fs.readFileSync(file, "utf8");
    expect(text.startsWith(`${FORMAT_LINE}\n`)).toBe(true);
    expect(text.trimEnd().endsWith("-- ventanal:fin")).toBe(true);
    expect(text).toContain('CREATE TABLE "usuarios"');
    expect(text).toContain("CREATE TRIGGER auditoria_append_only");
    const order = (table: string) => text.indexOf(`INSERT INTO "public"."${table}"`);
    expect(order("clientes")).toBeGreaterThan(0);
    expect(order("clientes")).toBeLessThan(order("presupuestos"));
    expect(order("presupuestos")).toBeLessThan(order("items_presupuesto"));
    expect(order("usuarios")).toBeLessThan(order("sesiones"));
    expect(text).toMatch(/SELECT pg_catalog\.setval\('"public"\."clientes_id_seq"', \d+, true\);/);
    const counts = Object.fromEntries(summary.tables.map((t) => [t.table, t.rows]));
    expect(counts['"public"."clientes"']).toBe(TRICKY.length);
    expect(counts['"drizzle"."__drizzle_migrations"']).toBe(summary.migrations.length);
    expect(fs.existsSync(`${file}.tmp`)).toBe(false);
  });

  // Two target databases (each PGlite start costs seconds): A starts empty, B migrated.
  let a: Database;

  it("refuses to dump a database without Ventanal's schema, and to load a cut-short file or one that is not a backup", async () => {
    a = await target();
    await expect(dumpToFile(a.pool, path.join(tmp, "vacio.sql"), { engine: a.kind })).rejects.toThrow(/no tiene el esquema de Ventanal/);
    expect(fs.existsSync(path.join(tmp, "vacio.sql"))).toBe(false);
    expect(fs.existsSync(path.join(tmp, "vacio.sql.tmp"))).toBe(false);

    const text = fs.readFileSync(file, "utf8");
    const cut = path.join(tmp, "cortado.sql");
    fs.writeFileSync(cut, text.slice(0, Math.floor(text.length * 0.7)));
    await expect(restoreFromFile(a.pool, cut)).rejects.toThrow(/incompleto o dañado/);
    const other = path.join(tmp, "otro.sql");
    fs.writeFileSync(other, "create table x (a int);\n");
    await expect(restoreFromFile(a.pool, other)).rejects.toBeInstanceOf(BackupError);
    await expect(restoreFromFile(a.pool, path.join(tmp, "no-existe.sql"))).rejects.toThrow(/No existe el archivo/);
    const tables = await a.pool.query("select count(*)::int as n from pg_tables where schemaname in ('public', 'drizzle')");
    expect(tables.rows[0].n).toBe(0);
  });

  it("restores into an empty database: the same rows, sequences, migrations and triggers", async () => {
    const result = await restoreFromFile(a.pool, file);
    expect(result.replaced).toEqual([]);
    expect(await snapshot(a.pool)).toEqual(before);
    expect((await a.pool.query("select nombre, validez_oferta_dias from empresa")).rows).toEqual([{ nombre: TRICKY[0], validez_oferta_dias: 45 }]);
    // the append-only trigger is there from the first row
    await expect(a.pool.query("delete from auditoria")).rejects.toThrow(/solo inserción/);
  });

  it("the restored database is ready for the server: no migration to run, sequences continue, the users log in", async () => {
    const migrations = await a.pool.query("select count(*)::int as n from drizzle.__drizzle_migrations");
    await runMigrations(a);
    expect((await a.pool.query("select count(*)::int as n from drizzle.__drizzle_migrations")).rows[0].n).toBe(migrations.rows[0].n);
    // the next client id is past the one the rolled-back insert consumed
    const next = await a.pool.query("insert into clientes (nombre) values ('nuevo') returning id");
    expect(next.rows[0].id).toBe(before["public.clientes"].length + 2);
    const app = await buildApp({ database: a, config: { ...loadConfig({}), webDir: undefined }, logger: false });
    await app.ready();
    await bootstrapAdmin({ db: a.db, user: null, route: "test" }, { email: "otro@x.cl", password: "otra-clave" });
    const admin = await app.inject({ method: "POST", url: "/api/login", payload: ADMIN });
    expect(admin.statusCode).toBe(200);
    expect((await app.inject({ method: "POST", url: "/api/login", payload: { correo: "r0@ejemplo.cl", contrasena: "secreta1" } })).statusCode).toBe(200);
    expect((await app.inject({ method: "POST", url: "/api/login", payload: { correo: "r1@ejemplo.cl", contrasena: "secreta1" } })).statusCode).toBe(401); // deactivated
    const users = await app.inject({ method: "GET", url: "/api/usuarios", headers: { authorization: `Bearer ${admin.json().token}` } });
    expect(users.json().map((u: { correo: string }) => u.correo)).not.toContain("otro@x.cl");
    await app.close();
  });

  it("a migrated but empty database is fine; one with rows is refused unless --force; a failed forced restore changes nothing", async () => {
    const b = await target();
    await runMigrations(b);
    await restoreFromFile(b.pool, file); // empty tables: the file's schema replaces them
    expect(await snapshot(b.pool)).toEqual(before);

    await b.pool.query("insert into clientes (nombre) values ('agregado después')");
    await expect(restoreFromFile(b.pool, file)).rejects.toThrow(/no está vacía \(tienen datos: .*clientes.*\).*--force/);
    expect((await b.pool.query("select count(*)::int as n from clientes where nombre = 'agregado después'")).rows[0].n).toBe(1);
    const result = await restoreFromFile(b.pool, file, { force: true });
    expect(result.replaced.length).toBeGreaterThan(0);
    expect(await snapshot(b.pool)).toEqual(before);

    await b.pool.query("insert into clientes (nombre) values ('queda')");
    const broken = path.join(tmp, "roto.sql");
    const lines = fs.readFileSync(file, "utf8").split("\n");
    const i = lines.findIndex((l) => l.startsWith('INSERT INTO "public"."presupuestos"'));
    lines[i] = lines[i].replace("VALUES (", "VALUES ('no es un número', ");
    fs.writeFileSync(broken, lines.join("\n"));
    await expect(restoreFromFile(b.pool, broken, { force: true })).rejects.toThrow(/falló cerca de la línea \d+.*No se restauró nada/);
    expect((await b.pool.query("select count(*)::int as n from clientes where nombre = 'queda'")).rows[0].n).toBe(1);
  });
});

// The command line on PGlite data directories (always), and on PostgreSQL databases
// when TEST_DATABASE_URL is set.
function run(script: string, args: string[], env: Record<string, string | undefined>): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
    for (const [k, v] of Object.entries(env)) if (v === undefined) delete childEnv[k];
    const p = spawn(process.execPath, ["--import", "tsx", `scripts/${script}.ts`, ...args], { cwd: ROOT, env: childEnv, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    p.stdout.on("data", (d) => (out += d));
    p.stderr.on("data", (d) => (out += d));
    p.on("exit", (code) => resolve({ code, out }));
  });
}

describe("npm run backup / npm run restore (PGlite DATA_DIR)", { timeout: CHILD_PROCESS_TIMEOUT_MS }, () => {
  it("backs up a stopped server's data, refuses while it runs, restores into a new DATA_DIR (again with --force)", async () => {
    const from = path.join(tmp, "datos-origen");
    const to = path.join(tmp, "datos-destino");
    const dump = path.join(tmp, "cli", "respaldo.sql");
    const env = (dir: string) => ({ DATA_DIR: dir, DATABASE_URL: undefined });

    // A server's data directory: migrated, with its first administrator (a copy of the run's template).
    let db = await openServerTestDatabase({ dataDir: from });
    await db.pool.query("insert into clientes (nombre) values ('Cliente de la línea\nde comandos')");
    const original = await snapshot(db.pool);
    // the data directory is locked by a process that does not answer as a server (no
    // DATA_DIR/respaldo-local.json): refused (a running server is asked instead: respaldos.test.ts, the drill)
    const busy = await run("backup", [dump], env(from));
    expect(busy.code).toBe(1);
    expect(busy.out).toContain("ya está en uso por otro proceso de Ventanal");
    expect(busy.out).toContain("no respondió");
    await db.close();

    const ok = await run("backup", [dump], env(from));
    expect(ok.code, ok.out).toBe(0);
    expect(ok.out).toContain("Respaldo escrito en");
    expect(fs.readFileSync(dump, "utf8").split("\n")[0]).toBe(FORMAT_LINE);

    const restored = await run("restore", [dump], env(to));
    expect(restored.code, restored.out).toBe(0);
    expect(restored.out).toContain("restaurado");
    const forced = await run("restore", [dump, "--force"], env(to)); // not empty any more: only with --force
    expect(forced.code, forced.out).toBe(0);
    expect(forced.out).toContain("Se reemplazaron los datos anteriores");

    db = await openDatabase({ dataDir: to });
    try {
      expect(await snapshot(db.pool)).toEqual(original);
    } finally {
      await db.close();
    }
    const missing = await run("backup", [dump], env(path.join(tmp, "no-hay-datos")));
    expect(missing.code).toBe(1);
    expect(missing.out).toContain("No hay una base de datos de Ventanal");
  });
});

describe.runIf(!!process.env.TEST_DATABASE_URL)("npm run backup / npm run restore (PostgreSQL DATABASE_URL)", () => {
  it("moving to PostgreSQL: a PGlite backup restores into PostgreSQL with the same rows", async () => {
    const lite = await openDatabase({ dataDir: "memory://" });
    const server = await openTestDatabase(); // PostgreSQL here
    try {
      await runMigrations(lite);
      await bootstrapAdmin({ db: lite.db, user: null, route: "test" }, { email: ADMIN.correo, password: ADMIN.contrasena });
      await fillRows(lite.pool);
      const dump = path.join(tmp, "pglite-a-postgres.sql");
      await dumpToFile(lite.pool, dump, { engine: lite.kind });
      await restoreFromFile(server.pool, dump);
      expect(server.kind).toBe("postgres");
      expect(await snapshot(server.pool)).toEqual(await snapshot(lite.pool));
    } finally {
      await lite.close();
      await server.close();
    }
  });

  it("round-trips between two PostgreSQL databases", async () => {
    const t = await createTestServer();
    const empty = await openTestDatabase();
    try {
      await fillWithData(t);
      const before = await snapshot(t.database.pool);
      const urlOf = async (db: Database) => {
        const name = (await db.pool.query("select current_database() as d")).rows[0].d;
        const u = new URL(process.env.TEST_DATABASE_URL!);
        u.pathname = `/${name}`;
        return u.toString();
      };
      const dump = path.join(tmp, "pg.sql");
      const b = await run("backup", [dump], { DATABASE_URL: await urlOf(t.database) });
      expect(b.code, b.out).toBe(0);
      const r = await run("restore", [dump], { DATABASE_URL: await urlOf(empty) });
      expect(r.code, r.out).toBe(0);
      expect(await snapshot(empty.pool)).toEqual(before);
    } finally {
      await t.close();
      await empty.close();
    }
  });
});
