// What moves when a screen loads: reloads `path` on a running demo (npm run demo) with the
// bench's network (150 ms, 9 Mbps) and a CPU rate, and prints each layout shift with the
// elements that moved (from → to). Screenshot of the end in /tmp/shift.png.
//   npx tsx bench/layout-shifts.ts http://localhost:3000 /RespaldosPage 4
import { chromium } from "playwright-core";
import { signedInContext } from "./signed-in";
const [base, pathname, cpu] = [process.argv[2], process.argv[3], Number(process.argv[4] ?? 1)];
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic"] });
const context = await signedInContext(browser, base);
await context.addInitScript(() => {
  type Shift = PerformanceEntry & { value: number; sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] };
  const w = window as unknown as { __shifts: unknown[] };
  w.__shifts = [];
  const describe = (n: Node | null) => {
    const el = n as Element | null;
    return el ? `${el.tagName?.toLowerCase()}.${String(el.className ?? "").slice(0, 60)} "${(el.textContent ?? "").slice(0, 40)}"` : "?";
  };
  const rect = (r: DOMRectReadOnly) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`;
  new PerformanceObserver((l) => {
    for (const e of l.getEntries() as Shift[]) w.__shifts.push({ t: Math.round(e.startTime), v: e.value.toFixed(4), moved: e.sources.map((s) => `${describe(s.node)} ${rect(s.previousRect)} → ${rect(s.currentRect)}`) });
  }).observe({ type: "layout-shift", buffered: true });
});
const page = await context.newPage();
await page.goto(pathname);
await page.waitForTimeout(3000);
const cdp = await context.newCDPSession(page);
await cdp.send("Network.enable");
await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 150, downloadThroughput: 9e6 / 8, uploadThroughput: 9e6 / 8 });
await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpu });
await page.reload();
await page.waitForTimeout(5000);
for (const s of await page.evaluate(() => (window as unknown as { __shifts: unknown[] }).__shifts)) console.log(JSON.stringify(s));
await page.screenshot({ path: "/tmp/shift.png", fullPage: true });
await browser.close();
