// Elevation drawings (issue 34 §1) through the browser: Ingreso de Ítems redraws the window
// as its sizes and type are typed, the quote's page shows each saved item's drawing, Editar
// Ítems redraws a row as its cells change, and the company's view (Administración →
// Empresa) turns every drawing to "desde el interior".
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { hasHorizontalOverflow, loginAs, screenshot, startEnv, trackErrors, visible, type E2EEnv } from "./support";

let env: E2EEnv;
let quoteId: number;

beforeAll(async () => {
  env = await startEnv();
  const token = env.adminToken;
  const cliente = await env.api<{ id: number }>("POST", "/api/clientes", { token, body: { nombre: "Constructora Dibujos E2E" } });
  const quote = await env.api<{ id: number }>("POST", "/api/presupuestos", { token, body: { cliente_id: cliente.body.id, numero: "D-1", nombre_obra: "Casa Dibujos" } });
  quoteId = quote.body.id;
});
afterAll(async () => {
  await env?.stop();
});

async function chooseOption(page: Page, label: string, text: string): Promise<void> {
  const box = page.getByLabel(label, { exact: true });
  await page.locator(".ant-select").filter({ has: box }).click();
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option").filter({ hasText: text }).first().click();
}

/** The SVG an <img> shows, decoded from its data URL. */
async function svgOf(img: Locator): Promise<string> {
  const src = (await img.getAttribute("src")) ?? "";
  return decodeURIComponent(src.replace(/^data:image\/svg\+xml;charset=utf-8,/, ""));
}

/** The image was drawn by the browser (a broken SVG has no natural size). */
async function drawn(img: Locator): Promise<boolean> {
  return img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0);
}

describe("elevation drawings", () => {
  it("Ingreso de Ítems redraws as sizes are typed; the quote's page shows each item's drawing", async () => {
    const page = await env.newPage();
    const errors = trackErrors(page);
    await loginAs(page, env, "Ventas");
    await page.goto(`/IngresoItems?presupuesto=${quoteId}`);
    await visible(page.getByText("Se guardarán en el presupuesto"));
    const preview = page.getByRole("figure", { name: "Vista previa del dibujo" }).getByRole("img");
    await visible(preview);
    expect(await preview.getAttribute("alt")).toBe("Dibujo de Doble corredera, sin medidas");
    expect(await svgOf(preview)).toContain("Medidas por definir");

    await page.getByLabel("Ancho (mm)").fill("3000");
    await expect.poll(() => preview.getAttribute("alt")).toBe("Dibujo de Doble corredera, 3.000 × ? mm");
    await page.getByLabel("Alto (mm)").fill("600");
    await expect.poll(() => preview.getAttribute("alt")).toBe("Dibujo de Doble corredera, 3.000 × 600 mm");
    const wide = await svgOf(preview);
    expect(wide).toContain(">3000</text>");
    expect(wide).toContain(">600</text>");
    expect(wide).toContain("Vista desde el exterior");
    expect(await drawn(preview)).toBe(true);
    // A long and low window draws wider than high.
    const box = await preview.boundingBox();
    expect(box!.width).toBeGreaterThan(box!.height);

    await chooseOption(page, "Tipo de ventana", "Oscilobatiente");
    await chooseOption(page, "Tipo de apertura", "Por Definir");
    await page.getByLabel("Ancho (mm)").fill("900");
    await page.getByLabel("Alto (mm)").fill("1200");
    await expect.poll(() => preview.getAttribute("alt")).toBe("Dibujo de Oscilobatiente, 900 × 1.200 mm");
    expect(await svgOf(preview)).toContain("Lado de apertura por definir");
    await page.getByLabel("Ítem", { exact: true }).fill("V1");
    await page.getByLabel("Recinto").fill("Cocina");
    await page.getByLabel("Precio unitario").fill("150000");
    await screenshot(page, "dibujos-ingreso-1280");
    await page.getByRole("button", { name: "Agregar Ítem" }).click();

    await page.getByLabel("Ítem", { exact: true }).fill("V2");
    await page.getByLabel("Recinto").fill("Living");
    await page.getByLabel("Ancho (mm)").fill("2400");
    await page.getByLabel("Alto (mm)").fill("2100");
    await chooseOption(page, "Tipo de ventana", "Doble corredera con fijo");
    await page.getByLabel("Precio unitario").fill("420000");
    await page.getByRole("button", { name: "Agregar Ítem" }).click();
    await page.getByRole("button", { name: "Guardar Presupuesto" }).click();
    await visible(page.getByText("Todos los ítems fueron guardados correctamente"));

    await page.goto(`/presupuestos/show/${quoteId}`);
    const drawings = page.getByRole("list", { name: "Dibujos de los ítems" });
    await visible(drawings);
    const v1 = drawings.getByRole("img", { name: "Dibujo de Oscilobatiente, 900 × 1.200 mm" });
    const v2 = drawings.getByRole("img", { name: "Dibujo de Doble corredera con fijo, 2.400 × 2.100 mm" });
    await visible(v1);
    await visible(v2);
    expect(await drawn(v2)).toBe(true);
    expect(await drawings.getByRole("listitem").allTextContents()).toEqual(["V1 · Cocina", "V2 · Living"]);
    await screenshot(page, "dibujos-presupuesto-1280");
    expect(errors).toEqual([]);

    const narrow = await env.newPage({ width: 390, height: 844 });
    await loginAs(narrow, env, "Ventas");
    await narrow.goto(`/presupuestos/show/${quoteId}`);
    const small = narrow.getByRole("img", { name: "Dibujo de Doble corredera con fijo, 2.400 × 2.100 mm" });
    await visible(small);
    await small.scrollIntoViewIfNeeded();
    // Readable on a phone: the drawing takes the width of the screen, not a thumbnail, so its
    // 11-unit dimension text is at least 11 px (the viewBox is 264 units wide).
    expect((await small.boundingBox())!.width).toBeGreaterThanOrEqual(264);
    await screenshot(narrow, "dibujos-presupuesto-390");
    expect(await hasHorizontalOverflow(narrow)).toBe(false);
    await narrow.goto(`/IngresoItems?presupuesto=${quoteId}`);
    await narrow.getByLabel("Ancho (mm)").fill("1500");
    await narrow.getByLabel("Alto (mm)").fill("1200");
    await expect.poll(() => narrow.getByRole("figure", { name: "Vista previa del dibujo" }).getByRole("img").getAttribute("alt")).toBe("Dibujo de Doble corredera, 1.500 × 1.200 mm");
    await screenshot(narrow, "dibujos-ingreso-390");
    expect(await hasHorizontalOverflow(narrow)).toBe(false);
  });

  it("Editar Ítems redraws a row as it is typed; the company's view turns the drawings to the inside", async () => {
    const page = await env.newPage();
    const errors = trackErrors(page);
    await loginAs(page, env, "Ventas");
    await page.goto(`/EditarPresupuestos?presupuesto=${quoteId}`);
    const drawings = page.getByRole("list", { name: "Dibujos de los ítems (según lo escrito en la tabla)" });
    await visible(drawings.getByRole("img", { name: "Dibujo de Oscilobatiente, 900 × 1.200 mm" }));
    await page.getByLabel("Ancho fila 1").fill("1100");
    await visible(drawings.getByRole("img", { name: "Dibujo de Oscilobatiente, 1.100 × 1.200 mm" }));
    await screenshot(page, "dibujos-editar-1280");
    expect(errors).toEqual([]);

    // Informático sets the view from inside; the quote's drawings say so.
    const admin = await env.newPage();
    await loginAs(admin, env, "Informático");
    await admin.goto("/EmpresaPage");
    await expect.poll(() => admin.getByLabel("Razón social").inputValue()).not.toBe("");
    await chooseOption(admin, "Vista de los dibujos de ventanas", "Vista desde el interior");
    await admin.getByRole("button", { name: "Guardar" }).click();
    await visible(admin.getByText("Datos de la empresa guardados"));
    const stored = await env.api<{ vista_dibujos: string }>("GET", "/api/empresa", { token: env.adminToken });
    expect(stored.body.vista_dibujos).toBe("interior");

    const seller = await env.newPage();
    await loginAs(seller, env, "Ventas");
    await seller.goto(`/presupuestos/show/${quoteId}`);
    const v2 = seller.getByRole("img", { name: "Dibujo de Doble corredera con fijo, 2.400 × 2.100 mm" });
    await visible(v2);
    await expect.poll(async () => (await svgOf(v2)).includes("Vista desde el interior")).toBe(true);
    await screenshot(seller, "dibujos-presupuesto-interior-1280");
  });
});
