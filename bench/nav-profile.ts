// Where an in-app navigation's time goes: on a running demo (npm run demo), opens the home
// signed in as Gerencia, throttles (150 ms, 9 Mbps, CPU rate), clicks the menu link of `path`
// and waits for its first table row; prints the time, the requests made meanwhile (start and
// end, ms after the click) and the functions with the most CPU (self time; map them to the
// sources with a `vite build --sourcemap`). The CPU profile is left in /tmp/nav.cpuprofile.
//   npx tsx bench/nav-profile.ts http://localhost:3000 /pagos_clientes 4
import { chromium } from "playwright-core";
import { writeFileSync } from "node:fs";
import { signedInContext } from "./signed-in";
const [base, pathname, cpu] = [process.argv[2], process.argv[3], Number(process.argv[4] ?? 4)];
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic"] });
const context = await signedInContext(browser, base);
const page = await context.newPage();
await page.goto(pathname);
await page.waitForSelector(".ant-table-row", { timeout: 30000 });
await page.goto("/");
await page.waitForTimeout(2000);
const cdp = await context.newCDPSession(page);
await cdp.send("Network.enable");
await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 150, downloadThroughput: 9e6 / 8, uploadThroughput: 9e6 / 8 });
await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpu });
await cdp.send("Profiler.enable");
await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
await page.evaluate(() => performance.clearResourceTimings());
await cdp.send("Profiler.start");
const t0 = await page.evaluate((p) => {
  const a = document.querySelector(`a[href="${p}"]`) as HTMLAnchorElement | null;
  const t = performance.now();
  if (a) a.click(); else { history.pushState(null, "", p); dispatchEvent(new PopStateEvent("popstate")); }
  return t;
}, pathname);
const ready = await page.waitForFunction(() => (document.querySelector("main .ant-table-row") ? performance.now() : false), undefined, { timeout: 30000 });
const t1 = (await ready.jsonValue()) as number;
const { profile } = await cdp.send("Profiler.stop");
writeFileSync("/tmp/nav.cpuprofile", JSON.stringify(profile));
console.log("ready", Math.round(t1 - t0));
const entries = await page.evaluate(() => performance.getEntriesByType("resource").map((e) => ({ n: e.name.replace(location.origin, "").slice(0, 90), s: Math.round(e.startTime), e: Math.round((e as PerformanceResourceTiming).responseEnd) })));
for (const e of entries) console.log(e.s - Math.round(t0), e.e - Math.round(t0), e.n);
// Self time by function (top 25) within the profile.
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map<string, number>();
const dt = profile.timeDeltas ?? [];
profile.samples?.forEach((id, i) => {
  const n = nodes.get(id)!;
  const k = `${n.callFrame.functionName || "(anon)"} ${n.callFrame.url.split("/").pop()}:${n.callFrame.lineNumber}:${n.callFrame.columnNumber}`;
  self.set(k, (self.get(k) ?? 0) + (dt[i] ?? 0) / 1000);
});
console.log([...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, v]) => `${v.toFixed(1)} ms ${k}`).join("\n"));
await browser.close();
