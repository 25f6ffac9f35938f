// `npx tsx bench/web-proxy.ts`: what HTTP/2 behind a reverse proxy changes for a person. A
// first visit (empty cache, signed in) to a screen's address, timed to its first data row,
// over the same throttled network as bench:web (150 ms round trip, 9 Mbps, CPU 1×), against
// each address of BENCH_PROXY_URLS: Ventanal itself (HTTP/1.1) and the same server behind a
// proxy with TLS and HTTP/2 (docs/rendimiento.md has an nginx configuration). Both must serve
// the demo's data (`npm run demo`). Medians of BENCH_WEB_RUNS (5).
//   BENCH_PROXY_URLS=http://127.0.0.1:3000,https://127.0.0.1:8443 BENCH_PROXY_PATHS=/StockActual npx tsx bench/web-proxy.ts
import { chromium } from "playwright-core";
import { DEMO_LOGINS, DEMO_PASSWORD } from "../scripts/seed/users";
import { NAME_KEY, TOKEN_KEY, USER_KEY } from "../src/providers/session";

const URLS = (process.env.BENCH_PROXY_URLS ?? "http://127.0.0.1:3000").split(",");
const PATHS = (process.env.BENCH_PROXY_PATHS ?? "/StockActual,/presupuestos").split(",");
const RUNS = Number(process.env.BENCH_WEB_RUNS || 5);
const READY = "main .ant-table-tbody tr.ant-table-row, main .ant-empty, main [data-row]";
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

async function main() {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--headless=new", "--no-sandbox", "--ignore-certificate-errors", "--disable-quic"] });
  const user = DEMO_LOGINS.find((u) => u.rol === "Gerencia")!;
  console.log(`| Dirección | Protocolo | ${PATHS.map((p) => `${p}: primera fila (ms)`).join(" | ")} | Archivos |`);
  console.log(`|---|---|${PATHS.map(() => "---:").join("|")}|---:|`);
  // One session for every address: the first is Ventanal itself, the others proxy to it.
  const login = await fetch(`${URLS[0]}/api/login`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ correo: user.correo, contrasena: DEMO_PASSWORD }) });
  const { token, usuario } = (await login.json()) as { token: string; usuario: { nombre: string } };
  for (const base of URLS) {
    const cells: string[] = [];
    let protocol = "";
    let files = 0;
    for (const path of PATHS) {
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 900 }, ignoreHTTPSErrors: true });
        await context.addInitScript(({ keys, token, usuario }) => {
          localStorage.setItem(keys.token, token);
          localStorage.setItem(keys.usuario, JSON.stringify(usuario));
          localStorage.setItem(keys.nombre, usuario.nombre);
        }, { keys: { token: TOKEN_KEY, usuario: USER_KEY, nombre: NAME_KEY }, token, usuario });
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send("Network.enable");
        await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 150, downloadThroughput: 9e6 / 8, uploadThroughput: 9e6 / 8 });
        await page.goto(path, { waitUntil: "commit" });
        const at = await page.waitForFunction((sel) => (document.querySelector(sel) ? performance.now() : false), READY, { timeout: 60_000, polling: 50 });
        times.push((await at.jsonValue()) as number);
        const entries = await page.evaluate(() => (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).map((e) => e.nextHopProtocol));
        protocol = entries.find(Boolean) ?? protocol;
        files = entries.length;
        await context.close();
      }
      cells.push(String(Math.round(median(times))));
    }
    console.log(`| ${base} | ${protocol} | ${cells.join(" | ")} | ${files} |`);
  }
  await browser.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
