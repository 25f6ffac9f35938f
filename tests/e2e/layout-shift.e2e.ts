// Nothing moves when a screen's data arrives (issue 36: cumulative layout shift ≤ 0.05). The
// screen's reads are held back until its frame is drawn, then answered one by one in the
// order that moved things before; the layout shifts the browser records meanwhile are summed.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginAs, startEnv, trackErrors, visible, type E2EEnv } from "./support";

let env: E2EEnv;
beforeAll(async () => {
  env = await startEnv();
});
afterAll(async () => {
  await env?.stop();
});

/** Sums every layout shift of the page's documents (not caused by the person) in window.__cls. */
async function recordShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number };
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!e.hadRecentInput) w.__cls += e.value;
    }).observe({ type: "layout-shift", buffered: true });
  });
}

/**
 * Opens `address` with the GETs whose path ends with one of `reads` held; once `frame` is
 * visible, answers them in that order (each answer drawn before the next is released), waits
 * for `done` and returns the layout shift summed over the whole load.
 */
async function shiftWhileLoading(page: Page, address: string, frame: string, reads: string[], done: () => Promise<unknown>): Promise<number> {
  const held = new Map<string, () => void>();
  const release = new Map(reads.map((r) => [r, new Promise<void>((resolve) => held.set(r, resolve))]));
  await page.route("**/api/**", async (route) => {
    const read = route.request().method() === "GET" ? reads.find((r) => new URL(route.request().url()).pathname === `/api/${r}`) : undefined;
    if (read) await release.get(read);
    await route.continue();
  });
  await page.goto(address);
  await visible(page.getByRole("heading", { name: frame, exact: true }));
  await page.waitForTimeout(300);
  for (const read of reads) {
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/${read}`);
    held.get(read)!();
    await answered;
    await page.waitForTimeout(300);
  }
  await done();
  await page.waitForTimeout(300);
  await page.unroute("**/api/**");
  return page.evaluate(() => (window as unknown as { __cls: number }).__cls);
}

describe("Nothing moves when the data arrives", () => {
  it("Respaldos: the state's warnings, last backup and list come in one piece", async () => {
    const page = await env.newPage();
    const errors = trackErrors(page);
    await recordShifts(page);
    await loginAs(page, env, "Gerencia");
    const cls = await shiftWhileLoading(page, "/RespaldosPage", "Respaldos", ["respaldos"], () => visible(page.getByText("Todavía no hay respaldos.")));
    expect(cls).toBeLessThan(0.01);
    expect(errors).toEqual([]);
  });

  it("Registro de Compras SII: the facturas por aceptar wait below until the imports are in place", async () => {
    const page = await env.newPage();
    const errors = trackErrors(page);
    await recordShifts(page);
    await loginAs(page, env, "Contabilidad");
    const cls = await shiftWhileLoading(page, "/RegistroComprasSII", "Registro de Compras SII", ["facturas_sii/por-aceptar", "rcv/compras"], async () => {
      await visible(page.getByText("Aún no se ha importado ningún Registro de Compras."));
      await visible(page.getByText(/No hay facturas por aceptar/));
    });
    expect(cls).toBeLessThan(0.01);
    expect(errors).toEqual([]);
  });
});
