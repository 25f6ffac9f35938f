import { start } from "../server/main";
import { DEMO_PASSWORD, demoEmail } from "../scripts/seed";
const url = process.env.PROBE_DATABASE_URL!;
const server = await start({ config: { databaseUrl: url, port: 0, host: "127.0.0.1", logLevel: "warn" }, handleSignals: false });
const res = await fetch(`${server.url}/api/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ correo: demoEmail("Bodega"), contrasena: DEMO_PASSWORD }) });
const { token } = (await res.json()) as { token: string };
const path = process.env.PROBE_PATH ?? "/api/stock-reservado/obras?_start=0&_end=10";
const med = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
const lat: number[] = [];
let running = true;
async function reader() {
  while (running) {
    const t0 = performance.now();
    const r = await fetch(server.url + path, { headers: { authorization: `Bearer ${token}`, "accept-encoding": "gzip" } });
    await r.arrayBuffer();
    lat.push(performance.now() - t0);
  }
}
let writes = 0;
async function writer() {
  while (running) {
    await server.database.pool.query("update pautas set separado = separado where id = 1");
    writes++;
    await new Promise((r) => setTimeout(r, 5));
  }
}
const secs = Number(process.env.PROBE_SECONDS ?? 6);
const c0 = process.cpuUsage();
const ps = [writer(), ...Array.from({ length: 10 }, reader)];
await new Promise((r) => setTimeout(r, 1500));
lat.length = 0; writes = 0;
const c1 = process.cpuUsage(c0);
await new Promise((r) => setTimeout(r, secs * 1000));
const c2 = process.cpuUsage(c0);
const n = lat.length, w = writes;
running = false;
await Promise.all(ps);
const cpu = (c2.user + c2.system - c1.user - c1.system) / 1000;
console.log(`median ${med(lat).toFixed(2)} ms, n ${n}, writes ${w}, node cpu/req ${(cpu / n).toFixed(2)} ms`);
await server.stop();
process.exit(0);
