// Administración → Respaldos through the browser: the home warns Informático that there is
// no verified backup; "Respaldar ahora" takes one, the list shows it verified (the server
// restored it into a scratch database) and it downloads; the schedule is saved. 390 px
// without sideways scrolling.
import { readFile } from "node:fs/promises";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { atPath, hasHorizontalOverflow, loginAs, openMenu, screenshot, startEnv, trackErrors, visible, type E2EEnv } from "./support";

let env: E2EEnv;
beforeAll(async () => {
  env = await startEnv();
});
afterAll(async () => {
  await env?.stop();
});

// A backup is two child processes (the copy's dump, its verification): slow on a busy machine.
const BACKUP_MS = 300_000;

describe("Administración → Respaldos", () => {
  it("Informático takes a backup now, sees it verified and downloads it; saves the schedule", async () => {
    const page = await env.newPage();
    const errors = trackErrors(page);
    await loginAs(page, env, "Informático");
    await visible(page.getByText("No hay ningún respaldo verificado"));
    await openMenu(page, "Administración", "Respaldos");
    await atPath(page, "/RespaldosPage");
    await visible(page.getByRole("heading", { name: "Respaldos", exact: true }));
    await visible(page.getByText("Todavía no hay respaldos."));

    await page.getByRole("button", { name: "Respaldar ahora" }).click();
    await visible(page.getByText(/Respaldo iniciado \(ventanal-/));
    await visible(page.getByRole("button", { name: "Respaldo en curso…" }));
    await visible(page.locator(".ant-table-row").getByText("Verificado"), BACKUP_MS);
    await visible(page.getByRole("button", { name: "Respaldar ahora" }));
    const estado = await env.api<{ respaldos: { archivo: string; verificacion: string }[] }>("GET", "/api/respaldos", { token: env.adminToken });
    expect(estado.body.respaldos).toHaveLength(1);
    const [r] = estado.body.respaldos;
    expect(r.verificacion).toBe("verificado");

    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: `Descargar ${r.archivo}` }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(r.archivo);
    const bytes = await readFile((await file.path())!);
    expect(gunzipSync(bytes).toString("utf8").startsWith("-- ventanal-respaldo 1\n")).toBe(true);

    await page.getByLabel("Hora diaria (Chile)").fill("03:15");
    await page.getByLabel("Semanales a conservar").fill("5");
    await page.getByRole("button", { name: "Guardar horario" }).click();
    await visible(page.getByText("Horario y retención guardados."));
    const saved = await env.api<{ ajustes: object; ajustes_origen: string }>("GET", "/api/respaldos", { token: env.adminToken });
    expect(saved.body).toMatchObject({ ajustes: { hora: "03:15", diarios: 7, semanales: 5, mensuales: 6 }, ajustes_origen: "guardados" });

    await page.getByLabel("Hora diaria (Chile)").fill("25:00");
    await page.getByRole("button", { name: "Guardar horario" }).click();
    await visible(page.getByText("Indique la hora como HH:MM (00:00 a 23:59)"));
    await page.getByLabel("Hora diaria (Chile)").fill("03:15");
    await screenshot(page, "respaldos-1280");
    expect(errors).toEqual([]);
  }, BACKUP_MS + 120_000);

  it("Gerencia at 390 px: the backup as a card, no sideways scrolling; no warning on the home any more", async () => {
    const page = await env.newPage({ width: 390, height: 844 });
    const errors = trackErrors(page);
    await loginAs(page, env, "Gerencia");
    await visible(page.getByRole("heading", { name: "Bienvenido a Ventanal" }));
    expect(await page.getByText("No hay ningún respaldo verificado").count()).toBe(0);
    await page.goto(`${env.baseUrl}/RespaldosPage`);
    await visible(page.getByRole("heading", { name: "Respaldos", exact: true }));
    await visible(page.getByText("Verificado").first());
    await visible(page.getByRole("button", { name: /^Descargar ventanal-/ }));
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await screenshot(page, "respaldos-390");
    expect(errors).toEqual([]);
  });
});
