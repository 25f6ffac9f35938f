// Global search and change history through the browser (issue 19): Ctrl+K finds a quote
// by its work name (accents and case ignored) and Enter opens it; a client edited in the
// test shows its change in its «Historial» tab and in Administración → «Historial de
// cambios» filtered to it; both at 1280 and 390 px (screenshots in /tmp/hoy-search).
import { mkdir } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { atPath, hasHorizontalOverflow, loginAs, openMenu, startEnv, trackErrors, visible, type E2EEnv, chooseOption } from "./support";
import { linkTo } from "../../src/custom-pages/screens";

const SHOTS = "/tmp/hoy-search";
const CLIENTE = "Constructora Búho Ltda";
const NUMERO = "P-9001";
const OBRA = "Edificio Mirador del Ñielol";

let env: E2EEnv;
let clienteId: number;
let quoteId: number;

async function shot(page: Page, name: string): Promise<void> {
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true, animations: "disabled" });
}

beforeAll(async () => {
  env = await startEnv();
  const admin = env.adminToken;
  clienteId = (await env.api<{ id: number }>("POST", "/api/clientes", { token: admin, body: { nombre: CLIENTE, rut: "76.086.428-5", telefono: "+56 9 1111 1111" } })).body.id;
  quoteId = (await env.api<{ id: number }>("POST", "/api/presupuestos", { token: admin, body: { numero: NUMERO, cliente_id: clienteId, nombre_obra: OBRA } })).body.id;
  await env.api("POST", "/api/presupuestos", { token: admin, body: { numero: "P-9002", cliente_id: clienteId, nombre_obra: "Casa Pucón" } });
  const prov = await env.api("POST", "/api/proveedores", { token: admin, body: { proveedor: "Cristalería Araucanía", rut: "96.511.460-2" } });
  expect(prov.status).toBe(201);
  const mat = await env.api("POST", "/api/materiales", { token: admin, body: { codigo: "VID-4455", producto: "Vidrio templado 6 mm" } });
  expect(mat.status).toBe(201);
  const oc = await env.api("POST", "/api/ordenes_compra", {
    token: admin,
    body: { numero_oc: 7788, proveedor: "Cristalería Araucanía", fecha: "2026-11-20", realizado_por: "Carla Rojas", cliente_id: CLIENTE, numero_presupuesto: NUMERO, items: [{ codigo: "VID-4455", producto: "Vidrio templado 6 mm", cantidad: 4, precio_unitario: 12000, unidad: "M2" }] },
  });
  expect(oc.status).toBe(201);
});
afterAll(() => env?.stop());

describe("global search", () => {
  it("Ctrl+K finds a quote by its work name, arrows move, Enter opens it", async () => {
    const page = await env.newPage();
    const errors = trackErrors(page);
    await loginAs(page, env, "Ventas");
    await page.keyboard.press("Control+k");
    const box = await visible(page.getByRole("combobox", { name: "Buscar en Ventanal" }));
    await box.fill("mirador del nielol");
    const option = await visible(page.getByRole("option", { name: /Presupuesto N° P-9001/ }));
    await expect(option.getAttribute("aria-selected")).resolves.toBe("true");
    await expect(page.getByRole("group", { name: "Presupuestos" }).getByRole("option").count()).resolves.toBe(1);
    await shot(page, "buscar-1280");
    await box.press("Enter");
    await atPath(page, `/presupuestos/show/${quoteId}`);
    await visible(page.getByText(`Presupuesto #${NUMERO}`));

    // "/" opens it too; ↓ and ↑ move through the results; a client found by its name ignoring case and accents.
    await page.locator("body").click();
    await page.keyboard.press("/");
    await box.fill("p-900");
    const quotes = page.getByRole("group", { name: "Presupuestos" }).getByRole("option");
    await visible(quotes.nth(1));
    await expect(page.getByRole("option", { selected: true }).textContent()).resolves.toContain("P-9002");
    await box.press("ArrowDown");
    await expect(page.getByRole("option", { selected: true }).textContent()).resolves.toContain("P-9001");
    await box.press("ArrowUp");
    await expect(page.getByRole("option", { selected: true }).textContent()).resolves.toContain("P-9002");
    await box.fill("BUHO");
    await visible(page.getByRole("group", { name: "Clientes" }).getByRole("option", { name: new RegExp(CLIENTE) }));
    await box.press("Enter");
    await atPath(page, `/clientes/show/${clienteId}`);
    expect(errors).toEqual([]);
  });

  it("works from the top bar's button at 390 px without horizontal scrolling", async () => {
    const page = await env.newPage({ width: 390, height: 844 });
    const errors = trackErrors(page);
    await loginAs(page, env, "Gerencia");
    await page.getByRole("button", { name: "Búsqueda global (Ctrl+K)" }).click();
    const box = await visible(page.getByRole("combobox", { name: "Buscar en Ventanal" }));
    await box.fill("pucon");
    await visible(page.getByRole("option", { name: /Presupuesto N° P-9002/ }));
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await shot(page, "buscar-390");
    await page.getByRole("option", { name: /Presupuesto N° P-9002/ }).click();
    await visible(page.getByText("Presupuesto #P-9002"));
    expect(errors).toEqual([]);
  });
});

describe("global search opens every kind's screen", () => {
  it("an OC, a supplier and a material open where they are edited, each with its Historial tab", async () => {
    const page = await env.newPage();
    const errors = trackErrors(page);
    await loginAs(page, env, "Gerencia");
    const open = async (text: string, group: string, option: RegExp) => {
      await page.keyboard.press("Control+k");
      const box = await visible(page.getByRole("combobox", { name: "Buscar en Ventanal" }));
      await box.fill(text);
      const hit = page.getByRole("group", { name: group }).getByRole("option", { name: option });
      await (await visible(hit)).click();
    };

    await open("7788", "Órdenes de compra", /OC 7788/);
    await atPath(page, linkTo("editar-oc"));
    await visible(page.getByText("OC 7788 · Cristalería Araucanía"));
    await visible(page.getByLabel("Producto VID-4455"));
    await page.getByRole("tab", { name: "Historial" }).click();
    await visible(page.getByRole("table", { name: "Historial del registro" }).getByRole("row").filter({ hasText: "Creación" }));

    await open("araucania", "Proveedores", /Cristalería Araucanía/);
    await atPath(page, linkTo("proveedor-page"));
    await visible(page.getByText("Editar proveedor: Cristalería Araucanía"));
    await expect(page.getByRole("textbox", { name: "RUT", exact: true }).inputValue()).resolves.toBe("96.511.460-2");
    await page.getByRole("tab", { name: "Historial" }).click();
    await visible(page.getByRole("table", { name: "Historial del registro" }).getByRole("row").filter({ hasText: "Creación" }));

    await open("vid-4455", "Materiales", /Vidrio templado 6 mm/);
    await atPath(page, linkTo("stock-actual"));
    const drawer = await visible(page.getByRole("dialog").filter({ hasText: "Kardex VID-4455 — Vidrio templado 6 mm" }));
    await drawer.getByRole("tab", { name: "Historial" }).click();
    await visible(drawer.getByRole("table", { name: "Historial del registro" }).getByRole("row").filter({ hasText: "Creación" }));
    await shot(page, "material-historial-1280");
    expect(errors).toEqual([]);
  });
});

describe("change history", () => {
  it("shows an edit made here in the client's Historial tab and in Historial de cambios", async () => {
    const page = await env.newPage();
    const errors = trackErrors(page);
    await loginAs(page, env, "Gerencia");
    await page.goto(`/clientes/edit/${clienteId}`);
    const phone = await visible(page.getByLabel("Teléfono"));
    await expect.poll(() => phone.inputValue(), { timeout: 15_000 }).toBe("+56 9 1111 1111");
    await phone.fill("+56 9 7777 1234");
    await page.getByRole("button", { name: "Guardar" }).click();
    await atPath(page, `/clientes/show/${clienteId}`);
    await visible(page.getByText("+56 9 7777 1234"));

    await (await visible(page.getByRole("tab", { name: "Historial" }))).click();
    const tab = await visible(page.getByRole("table", { name: "Historial del registro" }));
    const edit = tab.getByRole("row").filter({ hasText: "Modificación" });
    await visible(edit);
    await expect(edit.textContent()).resolves.toMatch(/telefono: \+56 9 1111 1111 → \+56 9 7777 1234/);
    await expect(edit.textContent()).resolves.toContain(env.users.Gerencia.nombre);
    await visible(tab.getByRole("row").filter({ hasText: "Creación" }));
    await shot(page, "historial-tab-1280");

    // Administración → Historial de cambios, filtered to this client.
    await openMenu(page, "Administración", "Historial de cambios");
    await atPath(page, "/auditoria");
    await chooseOption(page, "Entidad", "Clientes");
    await page.getByLabel("Registro").fill(String(clienteId));
    const list = page.getByRole("table", { name: "Historial de cambios" });
    await visible(list.getByRole("row").filter({ hasText: "+56 9 7777 1234" }));
    // The filtered page replaces the unfiltered one a moment after the typing: count once it has.
    await expect.poll(() => list.getByRole("row").filter({ hasText: "Modificación" }).count()).toBe(1);
    await visible(page.getByText("2 cambios"));
    await chooseOption(page, "Usuario", env.users.Gerencia.nombre);
    await visible(page.getByText("1 cambio", { exact: true }));
    await shot(page, "historial-1280");
    expect(errors).toEqual([]);
  });

  it("the history at 390 px without horizontal scrolling; other roles have no Historial", async () => {
    const page = await env.newPage({ width: 390, height: 844 });
    await loginAs(page, env, "Informático");
    await page.goto("/auditoria");
    await visible(page.getByRole("table", { name: "Historial de cambios" }).getByRole("row").filter({ hasText: "Modificación" }).first());
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await shot(page, "historial-390");
    await page.goto(`/clientes/show/${clienteId}`);
    await page.getByRole("tab", { name: "Historial" }).click();
    await visible(page.getByRole("table", { name: "Historial del registro" }).getByRole("row").filter({ hasText: "Modificación" }));
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await shot(page, "historial-tab-390");

    const ventas = await env.newPage();
    await loginAs(ventas, env, "Ventas");
    await ventas.goto(`/clientes/show/${clienteId}`);
    await visible(ventas.getByText(`Cliente: ${CLIENTE}`));
    await expect(ventas.getByRole("tab", { name: "Historial" }).count()).resolves.toBe(0);
  });
});
