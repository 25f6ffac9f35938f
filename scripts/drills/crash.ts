// `npm run drill:crash`: the real server (tsx server/main.ts) on PGlite in a child
// process, CRASH_CLIENTS clients writing quotes, quote items, exits and receipts and
// recording every write the server acknowledged, and a `kill -9` at a random moment,
// CRASH_KILLS times (50 by default; CI runs 10). After each kill:
//   1. restart the server and time its start-up (spawn → /health answers), < 5 s;
//   2. stop it cleanly, open the data directory here and check with SQL that every
//      acknowledged write is there, nothing is half-written (a receipt's lines and its
//      movements all or none; an exit and its movement; an order line's arrived quantity
//      = Σ of its receipt lines) and the stock invariant holds (stock_actual = Σ
//      movements, no balance below 0);
//   3. start again for the next round of writes.
// Exit code 1 on any violation. CRASH_SEED makes the kill moments repeatable.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "../../server/db/connect";

const KILLS = Number(process.env.CRASH_KILLS ?? 50);
const CLIENTS = Number(process.env.CRASH_CLIENTS ?? 4);
const MAX_STARTUP_MS = Number(process.env.CRASH_MAX_STARTUP_MS ?? 5_000);
const ADMIN = { correo: "drill@ventanal.cl", contrasena: "simulacro-secreto" };
const root = path.resolve(import.meta.dirname, "../..");

let seed = Number(process.env.CRASH_SEED ?? Date.now() % 100_000);
const random = () => {
  // mulberry32: repeatable kill moments with CRASH_SEED
  seed = (seed + 0x6d2b79f5) | 0;
  let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
  return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
};

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

interface Server {
  child: ChildProcess;
  url: string;
  startupMs: number;
  /** CPU time the start-up took (Linux /proc), the same on a busy machine as on an idle one. */
  startupCpuMs: number;
  log: string[];
}

function cpuMs(pid: number | undefined): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, in clock ticks of 1/100 s
  } catch {
    return NaN;
  }
}

async function startServer(dataDir: string): Promise<Server> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, DATABASE_URL: "", ADMIN_EMAIL: ADMIN.correo, ADMIN_PASSWORD: ADMIN.contrasena, LOG_LEVEL: "warn", WEB_DIR: "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const log: string[] = [];
  child.stdout!.on("data", (d) => log.push(String(d)));
  child.stderr!.on("data", (d) => log.push(String(d)));
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`el servidor terminó al iniciar (código ${child.exitCode}):\n${log.join("")}`);
    try {
      const res = await fetch(`${url}/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > 60_000) throw new Error(`el servidor no respondió en 60 s:\n${log.join("")}`);
    await new Promise((r) => setTimeout(r, 25));
  }
  return { child, url, startupMs: performance.now() - started, startupCpuMs: cpuMs(child.pid), log };
}

const exited = (child: ChildProcess) => new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once("exit", () => resolve())));

async function api(s: Server, token: string | null, method: string, url: string, body?: unknown) {
  const res = await fetch(`${s.url}/api${url}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : undefined };
}

/** What the server acknowledged (a 2xx arrived): it must survive any crash after it. */
const acked = { quotes: [] as number[], items: [] as number[], salidas: [] as number[], recepciones: [] as number[] };
const ackCount = () => acked.quotes.length + acked.items.length + acked.salidas.length + acked.recepciones.length;

interface Setup {
  clienteId: number;
  codes: string[];
  orders: number[]; // one order a client
}

async function seedData(s: Server, token: string): Promise<Setup> {
  const must = async (method: string, url: string, body?: unknown) => {
    const r = await api(s, token, method, url, body);
    if (r.status >= 300) throw new Error(`${method} ${url}: ${r.status} ${JSON.stringify(r.json)}`);
    return r.json;
  };
  const clienteId = (await must("POST", "/clientes", { nombre: "Cliente simulacro" })).id;
  const quote = (await must("POST", "/presupuestos", { numero: "S-0", cliente_id: clienteId, nombre_obra: "Obra simulacro" })).id;
  const codes = ["SIM-1", "SIM-2", "SIM-3"];
  for (const codigo of codes) {
    await must("POST", "/materiales", { codigo, producto: `Perfil ${codigo}` });
    await must("POST", "/ajuste_stock", { codigo, diferencia: 100_000 });
  }
  await must("POST", "/proveedores", { proveedor: "Proveedor simulacro" });
  const orders: number[] = [];
  for (let i = 0; i < CLIENTS; i++) {
    const oc = await must("POST", "/ordenes_compra", {
      proveedor: "Proveedor simulacro",
      fecha: "2026-03-10",
      realizado_por: "Simulacro",
      cliente_id: clienteId,
      presupuesto_id: quote,
      numero_presupuesto: "S-0",
      items: codes.map((codigo) => ({ codigo, producto: "Perfil", cantidad: 1_000_000, precio_unitario: 100 })),
    });
    orders.push(oc.numero_oc);
  }
  return { clienteId, codes, orders };
}

let quoteSeq = 0;
async function client(s: Server, token: string, setup: Setup, index: number, stop: { now: boolean }) {
  const numeroOc = setup.orders[index];
  let lines: { id: number; cantidad_llegada: number }[] = [];
  let myQuote: number | null = null;
  let factura = 0;
  while (!stop.now) {
    try {
      if (lines.length === 0) lines = (await api(s, token, "GET", `/items_oc/${numeroOc}`)).json;
      const pick = random();
      if (pick < 0.3 || myQuote === null) {
        const r = await api(s, token, "POST", "/presupuestos", { numero: `S-${index}-${process.pid}-${++quoteSeq}-${Date.now()}`, cliente_id: setup.clienteId, nombre_obra: "Obra" });
        if (r.status === 201) acked.quotes.push((myQuote = r.json.id));
      } else if (pick < 0.55) {
        const r = await api(s, token, "POST", "/items_presupuesto", { presupuesto_id: myQuote, item: "V1", recinto: "Living", ancho: 1000, alto: 1000, cantidad: 1, precio_unitario: 1000 });
        if (r.status === 201) acked.items.push(r.json.id);
      } else if (pick < 0.8) {
        const codigo = setup.codes[Math.floor(random() * setup.codes.length)];
        const r = await api(s, token, "POST", "/registro_salida", { codigo, producto: "Perfil", cantidad_salida: 1, cliente_id: setup.clienteId, presupuesto_id: myQuote });
        if (r.status === 201) acked.salidas.push(r.json.salida.id);
      } else {
        // A receipt of one more unit on two lines: cumulative arrived quantities.
        const detalles = lines.slice(0, 2).map((l) => ({ id: l.id, cantidad_llegada: l.cantidad_llegada + 1 }));
        const r = await api(s, token, "POST", "/ingresar_factura", { ordenes: [{ numero_oc: numeroOc, factura: `S${index}-${++factura}`, fecha_factura: "2026-03-20", detalles }] });
        if (r.status === 200) {
          for (const l of lines.slice(0, 2)) l.cantidad_llegada += 1;
          const id = r.json.ordenes[0].recepcion_id;
          if (id) acked.recepciones.push(id);
        } else lines = []; // read the order again
      }
    } catch {
      // the server died under this request: its write may or may not be there
      return;
    }
  }
}

async function check(dataDir: string): Promise<string[]> {
  const database = await openDatabase({ dataDir });
  const problems: string[] = [];
  const q = async (sql: string, params: unknown[] = []) => (await database.pool.query(sql, params)).rows;
  try {
    const missing = async (table: string, ids: number[]) => {
      if (ids.length === 0) return;
      const present = new Set((await q(`select id from ${table} where id = any($1::int[])`, [ids])).map((r) => Number(r.id)));
      const lost = ids.filter((id) => !present.has(id));
      if (lost.length) problems.push(`${table}: ${lost.length} escritura(s) confirmada(s) perdida(s): ${lost.slice(0, 10).join(", ")}`);
    };
    await missing("presupuestos", acked.quotes);
    await missing("items_presupuesto", acked.items);
    await missing("salidas_inventario", acked.salidas);
    await missing("recepciones_oc", acked.recepciones);
    const half = [
      // A receipt: its lines and its movements, all or none.
      `select 'recepción ' || r.id || ': ' || (select count(*) from recepciones_oc_items i where i.recepcion_id = r.id) || ' líneas, ' ||
              (select count(*) from movimientos_stock m where m.recepcion_id = r.id) || ' movimientos' as p
         from recepciones_oc r
        where (select count(*) from recepciones_oc_items i where i.recepcion_id = r.id) = 0
           or (select count(*) from recepciones_oc_items i where i.recepcion_id = r.id) <> (select count(*) from movimientos_stock m where m.recepcion_id = r.id)`,
      `select 'movimiento ' || m.id || ' de una recepción que no existe' as p from movimientos_stock m where m.recepcion_id is not null and not exists (select 1 from recepciones_oc r where r.id = m.recepcion_id)`,
      // An exit and its movement.
      `select 'salida ' || s.id || ' sin su movimiento' as p from salidas_inventario s where not exists (select 1 from movimientos_stock m where m.salida_id = s.id)`,
      `select 'movimiento ' || m.id || ' de una salida que no existe' as p from movimientos_stock m where m.salida_id is not null and not exists (select 1 from salidas_inventario s where s.id = m.salida_id)`,
      // An order line: arrived = Σ of its receipt lines.
      `select 'línea de OC ' || i.id || ': llegada ' || i.cantidad_llegada || ' ≠ Σ recepciones ' || coalesce((select sum(r.diferencia) from recepciones_oc_items r where r.item_id = i.id), 0) as p
         from items_oc i where i.cantidad_llegada <> coalesce((select sum(r.diferencia) from recepciones_oc_items r where r.item_id = i.id), 0)`,
      // The stock invariant.
      `select m.codigo || ': stock ' || m.stock_actual || ' ≠ Σ movimientos ' || coalesce((select sum(cantidad) from movimientos_stock s where s.codigo = m.codigo), 0) as p
         from materiales m where m.stock_actual <> coalesce((select sum(cantidad) from movimientos_stock s where s.codigo = m.codigo), 0)`,
      `select 'movimiento ' || id || ' deja saldo ' || saldo as p from movimientos_stock where saldo < 0`,
    ];
    for (const sql of half) for (const r of await q(sql)) problems.push(r.p);
    return problems;
  } finally {
    await database.close();
  }
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ventanal-crash-"));
  console.log(`Simulacro de caídas: ${KILLS} kill -9, ${CLIENTS} clientes, datos en ${dataDir} (CRASH_SEED=${seed})`);
  let server = await startServer(dataDir);
  const login = async (s: Server) => (await api(s, null, "POST", "/login", ADMIN)).json.token as string;
  let token = await login(server);
  const setup = await seedData(server, token);
  const startups: number[] = [];
  const cpus: number[] = [];
  let failures = 0;
  const began = performance.now();
  for (let k = 1; k <= KILLS; k++) {
    const stop = { now: false };
    const clients = Array.from({ length: CLIENTS }, (_, i) => client(server, token, setup, i, stop));
    // A random moment once the clients have written a little (5 to 20 acknowledged
    // writes, or 20 s on a very slow machine), so every round has writes to lose.
    const target = ackCount() + 5 + Math.floor(random() * 16);
    const waitUntil = performance.now() + 20_000;
    while (ackCount() < target && performance.now() < waitUntil) await new Promise((r) => setTimeout(r, 10));
    await new Promise((r) => setTimeout(r, random() * 300));
    server.child.kill("SIGKILL");
    await exited(server.child);
    stop.now = true;
    await Promise.all(clients);

    // 1. Start-up after the crash (recovery included).
    server = await startServer(dataDir);
    startups.push(server.startupMs);
    cpus.push(server.startupCpuMs);
    server.child.kill("SIGTERM");
    await exited(server.child);
    // 2. Every acknowledged write, nothing half-written, the stock invariant.
    const problems = await check(dataDir);
    if (server.startupMs > MAX_STARTUP_MS) problems.push(`el inicio tardó ${Math.round(server.startupMs)} ms (máximo ${MAX_STARTUP_MS})`);
    const total = ackCount();
    console.log(`  caída ${k}/${KILLS}: ${total} escrituras confirmadas verificadas, inicio ${Math.round(server.startupMs)} ms (CPU ${Math.round(server.startupCpuMs)} ms)${problems.length ? ` — ${problems.length} problema(s)` : ""}`);
    for (const p of problems.slice(0, 20)) console.error(`    ✗ ${p}`);
    failures += problems.length;
    // 3. Up again for the next round.
    server = await startServer(dataDir);
    token = await login(server);
  }
  server.child.kill("SIGTERM");
  await exited(server.child);
  const total = ackCount();
  console.log(
    `Resultado: ${KILLS} caídas, ${total} escrituras confirmadas (${acked.quotes.length} presupuestos, ${acked.items.length} ítems, ${acked.salidas.length} salidas, ${acked.recepciones.length} recepciones), ` +
      `inicio tras caída: peor ${Math.round(Math.max(...startups))} ms, mediana ${Math.round(startups.sort((a, b) => a - b)[Math.floor(startups.length / 2)])} ms, CPU peor ${Math.round(Math.max(...cpus))} ms; ${((performance.now() - began) / 1000).toFixed(0)} s.`,
  );
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (failures > 0) {
    console.error(`FALLÓ: ${failures} problema(s).`);
    process.exit(1);
  }
  console.log("OK: ninguna escritura confirmada se perdió y nada quedó a medias.");
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
