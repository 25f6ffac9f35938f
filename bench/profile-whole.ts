// What one cached request of a whole list costs the server: `npx tsx bench/profile-whole.ts`
// (PROFILE_DATA_DIR: a PGlite data directory kept between runs, seeded at bench scale the
// first time; DATABASE_URL: a PostgreSQL database instead, seeded when empty). For each
// path: the body's size (raw and as sent), statements run per request, and the process's
// CPU per request (every thread: the PGlite worker and zlib's pool included), first one
// request at a time, then PROFILE_CONNECTIONS at a time for PROFILE_SECONDS. The client
// is in this process too but reads the bytes only (no decoding): its share is small.
// `node --cpu-prof --import tsx bench/profile-whole.ts` gives the profile.
import http from "node:http";
import path from "node:path";
import { start } from "../server/main";
import { DEMO_PASSWORD, demoEmail, seed } from "../scripts/seed";

const PATHS = (process.env.PROFILE_PATHS ?? "/api/presupuestos,/api/clientes,/api/seguimiento_obras").split(",");
const SEQUENTIAL = Number(process.env.PROFILE_REQUESTS ?? 200);
const CONNECTIONS = Number(process.env.PROFILE_CONNECTIONS ?? 10);
const SECONDS = Number(process.env.PROFILE_SECONDS ?? 3);
const ENCODING = process.env.PROFILE_ENCODING ?? "gzip, deflate, br";

const databaseUrl = process.env.DATABASE_URL;
const dataDir = path.resolve(process.env.PROFILE_DATA_DIR ?? "/tmp/ventanal-profile-pglite");
const server = await start({
  config: { ...(databaseUrl ? { databaseUrl } : { dataDir, databaseUrl: undefined }), port: 0, host: "127.0.0.1", logLevel: "warn" },
  handleSignals: false,
  async prepare(database) {
    const { rows } = await database.pool.query<{ n: number }>("select count(*)::int as n from presupuestos");
    if (rows[0].n === 0) await seed(database, { scale: "bench", log: console.log });
  },
});
const pool = server.database.pool;
let statements = 0;
let statementMs = 0;
const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
(pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
  statements += 1;
  const t = performance.now();
  const p = query(...args);
  if (p && typeof (p as Promise<unknown>).then === "function") void p.then(() => (statementMs += performance.now() - t), () => {});
  return p;
};

const url = new URL(server.url.replace("localhost", "127.0.0.1"));
const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });

async function token(role: "Ventas" | "Operaciones"): Promise<string> {
  const res = await fetch(`${url.origin}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ correo: demoEmail(role), contrasena: DEMO_PASSWORD }),
  });
  return ((await res.json()) as { token: string }).token;
}
const tokens = { Ventas: await token("Ventas"), Operaciones: await token("Operaciones") };

let ttfbMs = 0;
function get(p: string, auth: string): Promise<{ status: number; bytes: number; encoding: string | undefined }> {
  return new Promise((resolve, reject) => {
    const sent = performance.now();
    const req = http.get({ host: url.hostname, port: url.port, path: p, agent, headers: { authorization: `Bearer ${auth}`, ...(ENCODING ? { "accept-encoding": ENCODING } : {}) } }, (res) => {
      let bytes = 0;
      ttfbMs += performance.now() - sent;
      res.on("data", (d: Buffer) => (bytes += d.length));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, bytes, encoding: res.headers["content-encoding"] }));
      res.on("error", reject);
    });
    req.on("error", reject);
  });
}

const ms = (us: number) => (us / 1000).toFixed(2);
for (const p of PATHS) {
  const auth = p.includes("seguimiento") ? tokens.Operaciones : tokens.Ventas;
  const raw = await fetch(url.origin + p, { headers: { authorization: `Bearer ${auth}`, "accept-encoding": "identity" } });
  const rawBytes = (await raw.arrayBuffer()).byteLength;
  for (let i = 0; i < 5; i++) await get(p, auth); // built, and gzipped
  await new Promise((r) => setTimeout(r, 1100)); // past STABLE_MS: big bodies are compressed harder
  for (let i = 0; i < 5; i++) await get(p, auth);
  await new Promise((r) => setTimeout(r, 1000)); // the background brotli
  const first = await get(p, auth);
  statements = 0;
  statementMs = 0;
  ttfbMs = 0;
  const worker0 = (await server.database.workerStats?.())?.cpuMs ?? 0;
  let cpu = process.cpuUsage();
  let t0 = performance.now();
  for (let i = 0; i < SEQUENTIAL; i++) await get(p, auth);
  let used = process.cpuUsage(cpu);
  let wall = performance.now() - t0;
  const workerMs = ((await server.database.workerStats?.())?.cpuMs ?? worker0) - worker0;
  console.log(
    `${p}: ${first.status}, ${rawBytes} bytes raw, ${first.bytes} sent (${first.encoding ?? "identity"}); one at a time: ` +
      `${ms((used.user + used.system) / SEQUENTIAL)} ms CPU/req (user ${ms(used.user / SEQUENTIAL)}, sys ${ms(used.system / SEQUENTIAL)}), ` +
      `${(wall / SEQUENTIAL).toFixed(2)} ms wall/req, ${(statements / SEQUENTIAL).toFixed(2)} statements/req (${(statementMs / SEQUENTIAL).toFixed(2)} ms each request in them), headers after ${(ttfbMs / SEQUENTIAL).toFixed(2)} ms` +
      (server.database.workerStats ? `; PGlite's thread ${(workerMs / SEQUENTIAL).toFixed(2)} ms CPU/req` : ""),
  );
  statements = 0;
  let done = 0;
  cpu = process.cpuUsage();
  t0 = performance.now();
  const until = t0 + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) {
        await get(p, auth);
        done += 1;
      }
    }),
  );
  used = process.cpuUsage(cpu);
  wall = performance.now() - t0;
  console.log(
    `  ${CONNECTIONS} at a time: ${((done / wall) * 1000).toFixed(0)} req/s, ${ms((used.user + used.system) / done)} ms CPU/req, ` +
      `${(statements / done).toFixed(2)} statements/req`,
  );
}
agent.destroy();
await server.stop();
