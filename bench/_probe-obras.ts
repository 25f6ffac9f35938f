import { start } from "../server/main";
import { DEMO_PASSWORD, demoEmail } from "../scripts/seed";
const url = process.env.PROBE_DATABASE_URL!;
const server = await start({ config: { databaseUrl: url, port: 0, host: "127.0.0.1", logLevel: "warn" }, handleSignals: false });
const res = await fetch(`${server.url}/api/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ correo: demoEmail("Bodega"), contrasena: DEMO_PASSWORD }) });
const { token } = (await res.json()) as { token: string };
const path = process.env.PROBE_PATH ?? "/api/stock-reservado/obras?_start=0&_end=10";
const med = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
async function read() {
  const t0 = performance.now();
  const r = await fetch(server.url + path, { headers: { authorization: `Bearer ${token}`, "accept-encoding": "gzip" } });
  const body = await r.arrayBuffer();
  return { ms: performance.now() - t0, bytes: body.byteLength };
}
for (let i = 0; i < 50; i++) await read();
const hit: number[] = [], miss: number[] = [], write: number[] = [];
let bytes = 0;
for (let i = 0; i < 300; i++) hit.push((await read()).ms);
for (let i = 0; i < 300; i++) {
  const t0 = performance.now();
  await server.database.pool.query("update pautas set separado = separado where id = 1");
  write.push(performance.now() - t0);
  const r = await read();
  miss.push(r.ms);
  bytes = r.bytes;
}
console.log(`hit ${med(hit).toFixed(2)} ms, miss ${med(miss).toFixed(2)} ms, write ${med(write).toFixed(2)} ms, bytes ${bytes}`);
await server.stop();
process.exit(0);
