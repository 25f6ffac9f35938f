// Administración → Empresa through the browser: Informático changes the offer's validity,
// the payment terms and the logo; the quote PDF a salesperson downloads then prints them.
// Gerencia sees the data read-only.
import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { atPath, hasHorizontalOverflow, loginAs, openMenu, screenshot, startEnv, trackErrors, visible, type E2EEnv } from "./support";
import { linkTo } from "../../src/custom-pages/screens";

const run = promisify(execFile);
let env: E2EEnv;

beforeAll(async () => {
  env = await startEnv();
});
afterAll(async () => {
  await env?.stop();
});

const banner = (page: Page, text: string) => page.locator(".ant-alert").filter({ hasText: text });
// A 2 × 2 PNG (blue squares), small enough for the logo field.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGNkYPjPwMDAxMDAwMDAAAAZHgEFpQlV4gAAAABJRU5ErkJggg==",
  "base64",
);

describe("Administración → Empresa", () => {
  it("Informático edits the company data and the quote PDF prints it", async () => {
    const page = await env.newPage();
    const errors = trackErrors(page);
    await loginAs(page, env, "Informático");
    await openMenu(page, "Administración", "Empresa");
    await atPath(page, linkTo("empresa"));
    await visible(page.getByRole("heading", { name: "Datos de la empresa" }));
    await expect.poll(() => page.getByLabel("Razón social").inputValue()).toBe("Ventanal Aluminio y PVC SpA");

    await page.getByLabel("Validez de la oferta (días)").fill("30");
    await page.getByLabel("Forma de pago").fill("Contado contra entrega de las ventanas.");
    await page.getByLabel("Número de cuenta").fill("11-222-33333-44");
    await page.locator("input[type=file]").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: PNG });
    await visible(page.getByRole("img", { name: "Logo de la empresa" }));
    await page.getByRole("button", { name: "Guardar" }).click();
    await visible(banner(page, "Datos de la empresa guardados"));
    const stored = await env.api<{ validez_oferta_dias: number; forma_pago: string; logo: string | null }>("GET", "/api/empresa", { token: env.adminToken });
    expect(stored.body).toMatchObject({ validez_oferta_dias: 30, forma_pago: "Contado contra entrega de las ventanas.", logo: expect.stringMatching(/^data:image\/png;base64,/) });

    // A field the server refuses is shown on the field, nothing saved.
    await page.getByLabel("RUT").fill("76.543.210-0");
    await page.getByRole("button", { name: "Guardar" }).click();
    await visible(page.getByText("RUT inválido: revise el dígito verificador"));
    expect((await env.api<{ rut: string }>("GET", "/api/empresa", { token: env.adminToken })).body.rut).toBe("76.543.210-3");
    await page.getByLabel("RUT").fill("76.543.210-3");
    await screenshot(page, "empresa-1280");
    expect(errors).toEqual([]);

    // A salesperson's quote prints the new validity and payment terms, and names them.
    const ventas = env.users.Ventas;
    const token = await env.tokenFor(ventas.correo, ventas.contrasena);
    const cliente = await env.api<{ id: number }>("POST", "/api/clientes", { token, body: { nombre: "Inmobiliaria Empresa E2E" } });
    const quote = await env.api<{ id: number }>("POST", "/api/presupuestos", { token, body: { cliente_id: cliente.body.id, numero: "E-1", nombre_obra: "Casa Prueba", total_neto_presupuestado: 1000000 } });
    const seller = await env.newPage();
    await loginAs(seller, env, "Ventas");
    await seller.goto(`/presupuestos/show/${quote.body.id}`);
    const download = seller.waitForEvent("download");
    await seller.getByRole("button", { name: "Descargar PDF" }).click();
    const file = (await (await download).path())!;
    expect((await readFile(file)).subarray(0, 4).toString("latin1")).toBe("%PDF");
    const text = (await run("pdftotext", ["-layout", file, "-"])).stdout;
    expect(text).toMatch(/Validez de la oferta\s+30 días/);
    expect(text).toContain("Contado contra entrega de las ventanas.");
    expect(text).toContain("11-222-33333-44");
    expect(text).toMatch(new RegExp(`Vendedor\\s+${ventas.nombre}`));
  });

  it("Gerencia sees the data read-only; 390 px without sideways scrolling", async () => {
    const page = await env.newPage({ width: 390, height: 844 });
    const errors = trackErrors(page);
    await loginAs(page, env, "Gerencia");
    await page.goto(linkTo("empresa"));
    await expect.poll(() => page.getByLabel("Razón social").inputValue()).toBe("Ventanal Aluminio y PVC SpA");
    expect(await page.getByLabel("Razón social").isDisabled()).toBe(true);
    await visible(page.getByText("Solo el rol Informático puede modificar estos datos."));
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await screenshot(page, "empresa-390");
    expect(errors).toEqual([]);
  });
});
