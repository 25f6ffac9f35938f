// Where a sign-in's time goes: `npx tsx bench/login-profile.ts [logins]` runs that many
// successful sign-ins one after another through app.inject (the users and addresses taking
// turns as in the bench case "POST api/login") on a fresh PGlite, or on a fresh database of
// DATABASE_URL's server, and prints per sign-in: the CPU of this process (every thread:
// the event loop, argon2's threads, PGlite's worker), the CPU of argon2 alone (the same
// number of password checks), the statements sent to the database (round trips) by kind,
// and on PostgreSQL the CPU of the server's backends (/proc, when the server is on this
// machine) and the statements they ran, triggers' included (pg_stat_statements, when loaded).
import fs from "node:fs";
import pg from "pg";
import { buildApp } from "../server/app";
import { loadConfig } from "../server/config";
import { openDatabase, type Database } from "../server/db/connect";
import { runMigrations } from "../server/db/migrate";
import { usuarios } from "../server/db/schema";
import { hashPassword, verifyPassword } from "../server/services/auth/tokens";
import { ROLES } from "../src/domain/roles/roles";

process.env.PGLITE_PROFILE = "1";
const N = Number(process.argv[2] ?? 200);
const WARMUP = 30;
const PASSWORD = "clave-de-perfil";
const url = process.env.DATABASE_URL;

/** Round trips: every query a pg client sends, by its first words. */
const sent = new Map<string, number>();
let counting = false;
const original = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  if (counting) {
    const q = args[0] as string | { text?: string; name?: string };
    const text = typeof q === "string" ? q : (q?.text ?? "");
    const kind = text.replace(/\s+/g, " ").trim().slice(0, 70);
    sent.set(kind, (sent.get(kind) ?? 0) + 1);
  }
  return (original as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** CPU ms of PostgreSQL processes (/proc: the server on this machine), by pid. */
function procCpuMs(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(f[11]) + Number(f[12])) * (1000 / 100);
  } catch {
    return NaN;
  }
}

async function main() {
  let database: Database;
  let dropDatabase: (() => Promise<void>) | null = null;
  let dbName = "";
  let monitorUrl = "";
  if (url) {
    dbName = `perfil_ingreso_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const u = new URL(url);
    u.pathname = `/${dbName}`;
    // Nested statements (triggers, functions) counted too, in this database only.
    const setup = new pg.Client({ connectionString: u.toString() });
    await setup.connect();
    await setup.query(`alter database ${dbName} set track_functions = 'all'`);
    await setup.query(`alter database ${dbName} set pg_stat_statements.track = 'all'`).catch(() => {});
    await setup.end();
    monitorUrl = u.toString();
    database = await openDatabase({ databaseUrl: u.toString() });
    dropDatabase = async () => {
      const a = new pg.Client({ connectionString: url });
      await a.connect();
      await a.query(`drop database if exists ${dbName} with (force)`);
      await a.end();
    };
  } else {
    database = await openDatabase({ dataDir: "memory://" });
  }
  try {
    await runMigrations(database);
    const config = { ...loadConfig({}), webDir: undefined, logLevel: "warn" };
    const app = await buildApp({ database, config, logger: false });
    await app.ready();
    const hash = await hashPassword(PASSWORD);
    const users = ROLES.map((rol, i) => ({ nombre: `Perfil ${rol}`, correo: `perfil${i}@ejemplo.cl`, rol, password_hash: hash }));
    await database.db.insert(usuarios).values(users);

    let i = 0;
    const login = async () => {
      const k = i++ % users.length;
      const res = await app.inject({
        method: "POST",
        url: "/api/login",
        remoteAddress: "127.0.0.1",
        headers: { "x-forwarded-for": `10.0.0.${k + 1}` },
        payload: { correo: users[k].correo, contrasena: PASSWORD },
      });
      if (res.statusCode !== 200) throw new Error(`login: ${res.statusCode} ${res.body}`);
    };
    for (let w = 0; w < WARMUP; w++) await login();

    // PostgreSQL: the backends of this database, and pg_stat_statements when the server loads it.
    const monitor = url ? new pg.Client({ connectionString: monitorUrl }) : null;
    let statements = false;
    if (monitor) {
      await monitor.connect();
      try {
        await monitor.query("create extension if not exists pg_stat_statements");
        await monitor.query("select pg_stat_statements_reset()");
        statements = true;
      } catch (err) {
        console.log(`(pg_stat_statements: ${(err as Error).message})`);
      }
    }
    const backends = async () =>
      monitor ? (await monitor.query<{ pid: number }>("select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()", [dbName])).rows.map((r) => r.pid) : [];
    const functions = async () =>
      new Map(
        monitor
          ? (await monitor.query<{ funcname: string; calls: string; ms: number }>("select funcname, calls, self_time as ms from pg_stat_user_functions")).rows.map((r) => [r.funcname, { calls: Number(r.calls), ms: r.ms }])
          : [],
      );
    await new Promise((r) => setTimeout(r, 1500)); // backends flush their counts when idle
    const functionsBefore = await functions();
    const pidsBefore = await backends();
    const serverBefore = new Map(pidsBefore.map((p) => [p, procCpuMs(p)]));
    const workerBefore = await database.workerStats?.();

    counting = true;
    const us0 = process.hrtime.bigint() / 1000n;
    const t0 = performance.now();
    const c0 = cpuMs();
    for (let n = 0; n < N; n++) await login();
    const c1 = cpuMs();
    const wall = performance.now() - t0;
    counting = false;
    // The measured window on the clock of --cpu-prof's profiles (µs), to cut them to it.
    if (process.env.PROFILE_WINDOW) console.log(`window ${us0} ${process.hrtime.bigint() / 1000n}`);

    const workerAfter = await database.workerStats?.();
    let serverMs = 0;
    for (const p of await backends()) {
      const before = serverBefore.get(p) ?? 0;
      serverMs += procCpuMs(p) - before;
    }

    // argon2 alone: the same number of password checks, one after another.
    const a0 = cpuMs();
    for (let n = 0; n < N; n++) await verifyPassword(hash, PASSWORD);
    const argonMs = (cpuMs() - a0) / N;

    const per = (x: number) => (x / N).toFixed(2);
    const trips = [...sent.values()].reduce((a, b) => a + b, 0);
    console.log(`\n${database.kind}: ${N} sign-ins in a row (after ${WARMUP} of warm-up), ${per(wall)} ms each`);
    console.log(`  CPU of this process per sign-in: ${per(c1 - c0)} ms (argon2 alone: ${argonMs.toFixed(2)} ms; the rest: ${((c1 - c0) / N - argonMs).toFixed(2)} ms)`);
    if (workerBefore && workerAfter) {
      console.log(
        `  PGlite worker: ${per(workerAfter.cpuMs - workerBefore.cpuMs)} ms CPU, ${per(workerAfter.execMs - workerBefore.execMs)} ms in PGlite, ${per(workerAfter.units - workerBefore.units)} exchanges per sign-in`,
      );
    }
    if (monitor) console.log(`  PostgreSQL backends of this database (/proc, 10 ms ticks): ${per(serverMs)} ms CPU per sign-in`);
    console.log(`  round trips per sign-in: ${per(trips)}`);
    for (const [k, v] of [...sent].sort((a, b) => b[1] - a[1])) console.log(`    ${per(v).padStart(6)}  ${k}`);
    if (monitor) {
      await new Promise((r) => setTimeout(r, 1500));
      const after = await functions();
      const lines = [...after].map(([f, a]) => [f, a.calls - (functionsBefore.get(f)?.calls ?? 0), a.ms - (functionsBefore.get(f)?.ms ?? 0)] as const).filter(([, c]) => c > 0);
      console.log(`  functions and triggers per sign-in (pg_stat_user_functions):`);
      for (const [f, c, ms] of lines) console.log(`    ${per(c).padStart(6)}  ${per(ms).padStart(6)} ms  ${f}`);
    }
    if (monitor && statements) {
      const r = await monitor.query<{ calls: string; ms: number; toplevel: boolean; query: string }>(
        `select calls, total_exec_time as ms, toplevel, regexp_replace(left(query, 90), '\\s+', ' ', 'g') as query from pg_stat_statements s join pg_database d on d.oid = s.dbid where d.datname = $1 order by calls desc, ms desc`,
        [dbName],
      );
      const all = r.rows.reduce((a, x) => a + Number(x.calls), 0);
      console.log(`  statements run by the server per sign-in (pg_stat_statements, nested included): ${per(all)}`);
      for (const x of r.rows) console.log(`    ${per(Number(x.calls)).padStart(6)}  ${per(x.ms).padStart(6)} ms  ${x.toplevel ? "   " : "(n)"} ${x.query}`);
    }
    await monitor?.end();
    await app.close();
  } finally {
    await database.close();
    await dropDatabase?.();
  }
}

await main();
