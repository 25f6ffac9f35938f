// Sales through the browser, as a salesperson works: create a client, create a quote
// picking the client by typing, build its items (UTV as typed, clone, edit, delete, save),
// edit the saved items, then find the quote in the list, open it and download its PDF.
// Every step goes through visible Spanish labels and checks the specification's messages;
// results are checked again through the API.
import { mkdir, readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page, Request } from "playwright-core";
import { iva, quoteTotals } from "../../src/domain/money";
import { formatCLP } from "../../src/domain/format";
import { atPath, hasHorizontalOverflow, hidden, loginAs, mainNav, openMenu, screenshot, SCREENSHOT_DIR, startEnv, trackErrors, visible, type E2EEnv, chooseOption, bannerWith } from "./support";
import { linkTo } from "../../src/custom-pages/screens";

let env: E2EEnv;
let token: string;

beforeAll(async () => {
  env = await startEnv();
  token = await env.tokenFor(env.users.Ventas.correo, env.users.Ventas.contrasena);
});

afterAll(async () => {
  await env?.stop();
});

// ------------------------------------------------------------------ helpers

interface ClienteRow {
  id: number;
  nombre: string;
  rut: string | null;
  correo: string | null;
  telefono: string | null;
  direccion: string | null;
}
interface PresupuestoRow {
  id: number;
  numero: string;
  cliente_id: number;
  nombre_obra: string | null;
  total_neto_presupuestado: number;
}
interface ItemRow {
  id: number;
  item: string | null;
  recinto: string | null;
  tipo_ventana: string;
  cantidad: number | null;
  precio_unitario: number | null;
  utv: number;
  utv_monto: number;
  adicional: boolean;
  cuadros_adicionales: number;
}

async function apiGet<T>(url: string): Promise<T> {
  const res = await env.api<T>("GET", url, { token });
  expect(res.status).toBe(200);
  return res.body;
}

async function clienteByName(nombre: string): Promise<ClienteRow | undefined> {
  const list = await apiGet<ClienteRow[]>(`/api/clientes?q=${encodeURIComponent(nombre)}&_start=0&_end=50`);
  return list.find((c) => c.nombre === nombre);
}

async function itemsOf(presupuestoId: number): Promise<ItemRow[]> {
  return apiGet<ItemRow[]>(`/api/items_presupuesto/presupuesto/${presupuestoId}`);
}

function itemRows(page: Page) {
  return page.locator(".ant-card").filter({ hasText: "Ítems agregados" }).locator("tbody tr.ant-table-row");
}

function posts(page: Page, path: string): Request[] {
  const seen: Request[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && new URL(r.url()).pathname === path) seen.push(r);
  });
  return seen;
}

const CLIENTE = {
  nombre: "Constructora Los Andes Ltda.",
  rut: "76086428-5",
  rutNormal: "76.086.428-5",
  correo: "obras@losandes.cl",
  telefono: "+56 9 5555 1234",
  direccion: "Av. Apoquindo 4500, Las Condes",
};
const NUMERO = "P-1001";
const OBRA = "Edificio Mirador";

// ------------------------------------------------------------------ tests

describe("Ingreso de Cliente", () => {
  it("requires the name, refuses an invalid RUT, saves and clears the form", async () => {
    const page = await env.newPage();
    const errors = trackErrors(page);
    const sent = posts(page, "/api/clientes");
    await loginAs(page, env, "Ventas");
    await openMenu(page, "Ventas", "Ingreso de Cliente");
    await atPath(page, linkTo("ingreso-cliente"));
    await visible(page.getByRole("heading", { name: "Ingreso de Cliente" }));

    // Nombre is required: nothing is sent.
    await page.getByRole("button", { name: "Guardar Cliente" }).click();
    await visible(page.getByText("Nombre es obligatorio"));
    expect(sent).toHaveLength(0);

    // Invalid RUT (wrong check digit): the domain's message on the field, nothing sent.
    await page.getByLabel("Nombre").fill(CLIENTE.nombre);
    await page.getByLabel("RUT").fill("76086428-4");
    await page.getByRole("button", { name: "Guardar Cliente" }).click();
    await visible(page.getByText("RUT inválido: revise el dígito verificador"));
    expect(sent).toHaveLength(0);
    await screenshot(page, "sales-cliente-errores-1280");

    await page.getByLabel("RUT").fill(CLIENTE.rut);
    await page.getByLabel("Correo").fill(CLIENTE.correo);
    await page.getByLabel("Teléfono").fill(CLIENTE.telefono);
    await page.getByLabel("Dirección").fill(CLIENTE.direccion);

    // While saving: "Guardando..." and disabled (the answer is held back a moment to see it).
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route("**/api/clientes", async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    });
    await page.getByRole("button", { name: "Guardar Cliente" }).click();
    const saving = page.getByRole("button", { name: "Guardando..." });
    await visible(saving);
    expect(await saving.isDisabled()).toBe(true);
    release();
    await visible(bannerWith(page, "Cliente guardado correctamente"));
    await page.unroute("**/api/clientes");
    expect(sent).toHaveLength(1);
    expect(sent[0].headers()["idempotency-key"]).toBeTruthy();
    // The form is cleared, and the message goes away after 3 s.
    expect(await page.getByLabel("Nombre").inputValue()).toBe("");
    expect(await page.getByLabel("RUT").inputValue()).toBe("");
    await hidden(bannerWith(page, "Cliente guardado correctamente"), 5000);

    const saved = await clienteByName(CLIENTE.nombre);
    expect(saved).toMatchObject({
      nombre: CLIENTE.nombre,
      rut: CLIENTE.rutNormal,
      correo: CLIENTE.correo,
      telefono: CLIENTE.telefono,
      direccion: CLIENTE.direccion,
    });

    // The same RUT again: the server refuses it and says why, on the field.
    await page.getByLabel("Nombre").fill("Otra Empresa SpA");
    await page.getByLabel("RUT").fill(CLIENTE.rutNormal);
    await page.getByRole("button", { name: "Guardar Cliente" }).click();
    await visible(bannerWith(page, "Error al guardar el cliente"));
    expect(await clienteByName("Otra Empresa SpA")).toBeUndefined();

    await page.getByLabel("Nombre").fill("");
    await page.getByLabel("RUT").fill("");
    await page.reload();
    await visible(page.getByRole("heading", { name: "Ingreso de Cliente" }));
    await screenshot(page, "sales-cliente-1280");
    const narrow = await env.newPage({ width: 390, height: 844 });
    await loginAs(narrow, env, "Ventas");
    await narrow.goto(linkTo("ingreso-cliente"));
    await visible(narrow.getByRole("heading", { name: "Ingreso de Cliente" }));
    await screenshot(narrow, "sales-cliente-390");
    expect(await hasHorizontalOverflow(narrow)).toBe(false);
    expect(errors.filter((e) => !e.includes("409") && !e.includes("Error al guardar el cliente"))).toEqual([]);
  });
});

describe("Nuevo Presupuesto", () => {
  it("picks the client by typing, saves the quote and refuses a repeated number", async () => {
    // A second client whose name also contains "Andes", listed after the first.
    const other = await env.api("POST", "/api/clientes", { token, body: { nombre: "Ferretería Los Andes Sur" } });
    expect(other.status).toBe(201);

    const page = await env.newPage();
    const errors = trackErrors(page);
    await loginAs(page, env, "Ventas");
    await openMenu(page, "Ventas", "Nuevo Presupuesto");
    await atPath(page, linkTo("ingreso-presupuesto"));
    await visible(page.getByRole("heading", { name: "Nuevo Presupuesto" }));

    // Nothing filled: the banner at the top.
    await page.getByRole("button", { name: "Guardar Presupuesto" }).click();
    await visible(bannerWith(page, "Complete los campos obligatorios"));

    // Suggestions by name while typing.
    const clientBox = page.getByLabel("Cliente");
    await clientBox.fill("los andes");
    const suggestions = page.locator(".ant-select-dropdown:visible .ant-select-item-option");
    await visible(suggestions.filter({ hasText: CLIENTE.nombre }));
    await visible(suggestions.filter({ hasText: "Ferretería Los Andes Sur" }));
    await screenshot(page, "sales-presupuesto-sugerencias-1280");

    // Leaving the box with no client selected fills in the first client containing the text.
    await clientBox.fill("andes ltda");
    await page.getByLabel("Número de presupuesto").click();
    await expect.poll(() => clientBox.inputValue()).toBe(CLIENTE.nombre);
    await visible(page.getByText(`Cliente seleccionado: ${CLIENTE.nombre}`));

    // Number missing → banner; nothing sent.
    await page.getByRole("button", { name: "Guardar Presupuesto" }).click();
    await visible(bannerWith(page, "Complete los campos obligatorios"));

    await page.getByLabel("Número de presupuesto").fill(NUMERO);
    await page.getByLabel("Nombre de la obra").fill(OBRA);
    await page.getByLabel("Dirección").fill("Camino El Alba 9100, Las Condes");
    await page.getByLabel("Total neto presupuestado").fill("2.500.000");
    await visible(page.getByText("$2.500.000 + IVA"));
    await page.getByLabel("Observaciones", { exact: true }).fill("Ventanas de aluminio línea 25, color titanio.");
    await screenshot(page, "sales-presupuesto-1280");
    const sent = posts(page, "/api/presupuestos");
    await page.getByRole("button", { name: "Guardar Presupuesto" }).click();
    await visible(bannerWith(page, "Presupuesto y seguimiento guardados correctamente"));
    expect(sent).toHaveLength(1);
    expect(sent[0].headers()["idempotency-key"]).toBeTruthy();
    expect(sent[0].postDataJSON()).toMatchObject({ numero: NUMERO, total_neto_presupuestado: 2500000 });
    // Form and client text cleared.
    expect(await clientBox.inputValue()).toBe("");
    expect(await page.getByLabel("Número de presupuesto").inputValue()).toBe("");
    expect(await page.getByLabel("Nombre de la obra").inputValue()).toBe("");
    await hidden(bannerWith(page, "Presupuesto y seguimiento guardados correctamente"), 5000);

    const cliente = (await clienteByName(CLIENTE.nombre))!;
    const quotes = await apiGet<PresupuestoRow[]>(`/api/presupuestos/cliente/${cliente.id}`);
    expect(quotes).toHaveLength(1);
    expect(quotes[0]).toMatchObject({ numero: NUMERO, nombre_obra: OBRA, total_neto_presupuestado: 2500000 });

    // The same number for the same client, client chosen by its exact name in another case.
    await clientBox.fill(CLIENTE.nombre.toUpperCase());
    await visible(page.getByText(`Cliente seleccionado: ${CLIENTE.nombre}`));
    await page.getByLabel("Número de presupuesto").fill(NUMERO);
    await page.getByRole("button", { name: "Guardar Presupuesto" }).click();
    await visible(bannerWith(page, "Ya existe un presupuesto con ese número para este cliente"));
    expect(sent).toHaveLength(1); // caught before sending
    expect(await apiGet<PresupuestoRow[]>(`/api/presupuestos/cliente/${cliente.id}`)).toHaveLength(1);

    // A second quote for the same client (used by the item tests), picked from the list.
    await clientBox.fill("");
    await clientBox.fill("Constructora");
    await suggestions.filter({ hasText: CLIENTE.nombre }).first().click();
    expect(await clientBox.inputValue()).toBe(CLIENTE.nombre);
    await page.getByLabel("Número de presupuesto").fill("P-1002");
    await page.getByLabel("Nombre de la obra").fill("Casa Piedra Roja");
    await page.getByRole("button", { name: "Guardar Presupuesto" }).click();
    await visible(bannerWith(page, "Presupuesto y seguimiento guardados correctamente"));
    expect(await apiGet<PresupuestoRow[]>(`/api/presupuestos/cliente/${cliente.id}`)).toHaveLength(2);

    const narrow = await env.newPage({ width: 390, height: 844 });
    await loginAs(narrow, env, "Ventas");
    await narrow.goto(linkTo("ingreso-presupuesto"));
    await visible(narrow.getByRole("heading", { name: "Nuevo Presupuesto" }));
    await screenshot(narrow, "sales-presupuesto-390");
    expect(await hasHorizontalOverflow(narrow)).toBe(false);
    expect(errors).toEqual([]);
  });
});

describe("Ingreso de Ítems del Presupuesto", () => {
  it("builds the items locally with their UTV, clones, edits, deletes and saves them", async () => {
    const cliente = (await clienteByName(CLIENTE.nombre))!;
    const quote = (await apiGet<PresupuestoRow[]>(`/api/presupuestos/cliente/${cliente.id}`)).find((q) => q.numero === NUMERO)!;

    const page = await env.newPage();
    const errors = trackErrors(page);
    await loginAs(page, env, "Ventas");
    await page.goto(linkTo("ingreso-items"));
    await visible(page.getByRole("heading", { name: "Ingreso de Ítems del Presupuesto" }));

    // Defaults.
    await visible(page.locator(".ant-select-selection-item[title='Doble Corredera']"));
    await visible(page.locator(".ant-select-selection-item[title='Derecha']"));

    // Adding without a quote.
    await page.getByRole("button", { name: "Agregar Ítem" }).click();
    await visible(bannerWith(page, "Debe seleccionar un presupuesto"));
    await page.getByRole("button", { name: "Guardar Presupuesto" }).click();
    await visible(bannerWith(page, "Debe seleccionar un presupuesto antes de guardar"));

    // The client box searches the server by name or RUT as you type; options read "name - RUT".
    await chooseOption(page, "Cliente", `${CLIENTE.nombre} - ${CLIENTE.rutNormal}`, CLIENTE.rutNormal);
    await chooseOption(page, "Presupuesto", `#${NUMERO} - ${OBRA}`);

    // Item 1: 2 × Doble Corredera with 1 additional frame → UTV (2 + 0.5) × 2 = 5, $100.000.
    await page.getByLabel("Ítem", { exact: true }).fill("V1");
    await page.getByLabel("Recinto").fill("Living");
    await page.getByLabel("Ancho (mm)").fill("1500");
    await page.getByLabel("Alto (mm)").fill("1200");
    expect(await page.getByLabel("Cuadros adicionales").count()).toBe(0); // only with "Adicional"
    await page.getByLabel("Adicional").check();
    expect(await page.getByLabel("Cuadros adicionales").inputValue()).toBe("1");
    await page.getByLabel("Cantidad").fill("2");
    await page.getByLabel("Precio unitario").fill("350000");
    expect(await page.getByLabel("UTV total").inputValue()).toBe("5");
    expect(await page.getByLabel("Monto UTV").inputValue()).toBe("$100.000");
    // Observaciones on: the additional block hides and the UTV is 0.
    await page.getByLabel("Observaciones", { exact: true }).check();
    expect(await page.getByLabel("Adicional").count()).toBe(0);
    await visible(page.getByLabel("Detalle de observaciones"));
    expect(await page.getByLabel("UTV total").inputValue()).toBe("0");
    await page.getByLabel("Observaciones", { exact: true }).uncheck();
    expect(await page.getByLabel("UTV total").inputValue()).toBe("5");
    await page.getByRole("button", { name: "Agregar Ítem" }).click();
    await expect.poll(() => itemRows(page).count()).toBe(1);
    // The form is back to its defaults.
    expect(await page.getByLabel("Ítem", { exact: true }).inputValue()).toBe("");
    expect(await page.getByLabel("UTV total").inputValue()).toBe("2");

    // Item 2: Proyectante, quantity 1 → UTV 1, $20.000.
    await page.getByLabel("Ítem", { exact: true }).fill("V2");
    await page.getByLabel("Recinto").fill("Dormitorio");
    await page.getByLabel("Ancho (mm)").fill("800");
    await page.getByLabel("Alto (mm)").fill("600");
    await chooseOption(page, "Tipo de ventana", "Proyectante");
    await chooseOption(page, "Tipo de apertura", "Izquierda");
    await page.getByLabel("Cantidad").fill("1");
    await page.getByLabel("Precio unitario").fill("120000");
    expect(await page.getByLabel("UTV total").inputValue()).toBe("1");
    expect(await page.getByLabel("Monto UTV").inputValue()).toBe("$20.000");
    await page.getByRole("button", { name: "Agregar Ítem" }).click();
    await expect.poll(() => itemRows(page).count()).toBe(2);

    const r1 = itemRows(page).nth(0);
    await expect.poll(() => r1.textContent()).toContain("1.500 × 1.200 mm");
    expect(await r1.textContent()).toContain("$350.000");
    expect(await r1.textContent()).toContain("$100.000");

    // Clone V2, then edit the clone: V3, Baño, quantity 3.
    await itemRows(page).nth(1).getByRole("button", { name: "Clonar" }).click();
    await expect.poll(() => itemRows(page).count()).toBe(3);
    await itemRows(page).nth(2).getByRole("button", { name: /Editar/ }).click();
    await visible(page.getByRole("button", { name: "Actualizar Ítem" }));
    expect(await page.getByLabel("Ítem", { exact: true }).inputValue()).toBe("V2");
    await page.getByLabel("Ítem", { exact: true }).fill("V3");
    await page.getByLabel("Recinto").fill("Baño");
    await page.getByLabel("Cantidad").fill("3");
    expect(await page.getByLabel("UTV total").inputValue()).toBe("3");
    await page.getByRole("button", { name: "Actualizar Ítem" }).click();
    await visible(page.getByRole("button", { name: "Agregar Ítem" })); // edit mode ended
    await expect.poll(() => itemRows(page).count()).toBe(3);
    const r3 = await itemRows(page).nth(2).textContent();
    expect(r3).toContain("V3");
    expect(r3).toContain("Baño");
    expect(r3).toContain("$60.000");

    // Delete the original V2.
    await itemRows(page).nth(1).getByRole("button", { name: "Eliminar" }).click();
    await expect.poll(() => itemRows(page).count()).toBe(2);
    await screenshot(page, "sales-items-1280");

    // Save: one POST per item, in order; the list empties.
    const sent = posts(page, "/api/items_presupuesto");
    await page.getByRole("button", { name: "Guardar Presupuesto" }).click();
    await visible(bannerWith(page, "Todos los ítems fueron guardados correctamente"));
    await expect.poll(() => itemRows(page).count()).toBe(0);
    expect(sent.map((r) => r.postDataJSON().item)).toEqual(["V1", "V3"]);
    expect(sent.every((r) => r.postDataJSON().presupuesto_id === quote.id)).toBe(true);
    expect(new Set(sent.map((r) => r.headers()["idempotency-key"])).size).toBe(2);

    const saved = await itemsOf(quote.id);
    expect(saved.map((i) => [i.item, i.recinto, i.tipo_ventana, i.cantidad, i.utv, i.utv_monto])).toEqual([
      ["V1", "Living", "Doble Corredera", 2, 5, 100000],
      ["V3", "Baño", "Proyectante", 3, 3, 60000],
    ]);
    expect(saved[0]).toMatchObject({ adicional: true, cuadros_adicionales: 1, precio_unitario: 350000 });

    const narrow = await env.newPage({ width: 390, height: 844 });
    await loginAs(narrow, env, "Ventas");
    await narrow.goto(linkTo("ingreso-items"));
    await visible(narrow.getByRole("heading", { name: "Ingreso de Ítems del Presupuesto" }));
    await chooseOption(narrow, "Cliente", CLIENTE.nombre);
    await chooseOption(narrow, "Presupuesto", "P-1002");
    await narrow.getByLabel("Ítem", { exact: true }).fill("V10");
    await narrow.getByLabel("Recinto").fill("Dormitorio principal");
    await narrow.getByLabel("Ancho (mm)").fill("2000");
    await narrow.getByLabel("Alto (mm)").fill("1500");
    await narrow.getByLabel("Precio unitario").fill("480000");
    await narrow.getByRole("button", { name: "Agregar Ítem" }).click();
    await expect.poll(() => itemRows(narrow).count()).toBe(1);
    await screenshot(narrow, "sales-items-390");
    expect(await hasHorizontalOverflow(narrow)).toBe(false);
    expect(errors).toEqual([]);
  });

  it("keeps the items not yet stored when a save fails midway, and a retry does not duplicate", async () => {
    const cliente = (await clienteByName(CLIENTE.nombre))!;
    const quote = (await apiGet<PresupuestoRow[]>(`/api/presupuestos/cliente/${cliente.id}`)).find((q) => q.numero === "P-1002")!;
    expect(await itemsOf(quote.id)).toHaveLength(0);

    const page = await env.newPage();
    await loginAs(page, env, "Ventas");
    await page.goto(linkTo("ingreso-items"));
    await chooseOption(page, "Cliente", CLIENTE.nombre);
    await chooseOption(page, "Presupuesto", "P-1002");
    for (const [item, tipo] of [
      ["A1", "Fijo"],
      ["A2", "Oscilobatiente"],
      ["A3", "Marco puerta"],
    ] as const) {
      await page.getByLabel("Ítem", { exact: true }).fill(item);
      await chooseOption(page, "Tipo de ventana", tipo);
      await page.getByLabel("Precio unitario").fill("100000");
      await page.getByRole("button", { name: "Agregar Ítem" }).click();
    }
    await expect.poll(() => itemRows(page).count()).toBe(3);

    // The network drops the second item's POST (every attempt).
    let calls = 0;
    await page.route("**/api/items_presupuesto", async (route) => {
      calls += 1;
      const body = route.request().postDataJSON() as { item: string };
      if (body.item === "A2") await route.abort("failed");
      else await route.continue();
    });
    await page.getByRole("button", { name: "Guardar Presupuesto" }).click();
    await visible(bannerWith(page, "Error al guardar los ítems"));
    await visible(page.getByText(/Se guardaron 1 de 3 ítems.*Ítem "A2"/));
    // A1 was stored and left the list; A2 and A3 stay.
    await expect.poll(() => itemRows(page).count()).toBe(2);
    expect(await itemRows(page).nth(0).textContent()).toContain("A2");
    expect((await itemsOf(quote.id)).map((i) => i.item)).toEqual(["A1"]);
    expect(calls).toBeGreaterThanOrEqual(2);
    await screenshot(page, "sales-items-error-1280");

    // Network back: saving again sends only what is left.
    await page.unroute("**/api/items_presupuesto");
    await page.getByRole("button", { name: "Guardar Presupuesto" }).click();
    await visible(bannerWith(page, "Todos los ítems fueron guardados correctamente"));
    expect((await itemsOf(quote.id)).map((i) => [i.item, i.utv])).toEqual([
      ["A1", 0.5],
      ["A2", 1],
      ["A3", 2.5],
    ]);
  });
});

describe("Editar Ítems del Presupuesto", () => {
  it("changes a quantity, adds a row, deletes a row and saves; a reload shows the changes", async () => {
    const cliente = (await clienteByName(CLIENTE.nombre))!;
    const quote = (await apiGet<PresupuestoRow[]>(`/api/presupuestos/cliente/${cliente.id}`)).find((q) => q.numero === NUMERO)!;
    const before = await itemsOf(quote.id);
    expect(before.map((i) => i.item)).toEqual(["V1", "V3"]);

    const page = await env.newPage();
    const errors = trackErrors(page);
    await loginAs(page, env, "Ventas");
    await page.goto(linkTo("editar-presupuestos"));
    await visible(page.getByRole("heading", { name: "Editar Ítems del Presupuesto" }));
    await chooseOption(page, "Cliente", CLIENTE.nombre);
    await chooseOption(page, "Presupuesto", `#${NUMERO}`);
    await expect.poll(() => page.getByLabel(/^Cantidad fila \d+$/).count()).toBe(2);
    expect(await page.getByLabel("Ítem fila 1").inputValue()).toBe("V1");
    expect(await page.getByLabel("Cantidad fila 1").inputValue()).toBe("2");

    // Change V1's quantity.
    await page.getByLabel("Cantidad fila 1").fill("4");
    // Add a row.
    await page.getByRole("button", { name: "Agregar Elemento" }).click();
    await page.getByLabel("Ítem fila 3").fill("V9");
    await page.getByLabel("Recinto fila 3").fill("Cocina");
    await page.getByLabel("Ancho fila 3").fill("1000");
    await page.getByLabel("Alto fila 3").fill("900");
    await page.getByLabel("Cantidad fila 3").fill("1");
    await page.getByLabel("Precio fila 3").fill("90000");
    // Delete V3 (saved): deleted on the server at once.
    const deleted = page.waitForResponse((r) => r.request().method() === "DELETE" && r.url().includes(`/api/items_presupuesto/${before[1].id}`));
    await page.getByRole("button", { name: "Eliminar fila 2" }).click();
    expect((await deleted).status()).toBeLessThan(300);
    expect((await itemsOf(quote.id)).map((i) => i.item)).toEqual(["V1"]);
    await page.locator(".ant-table-content").evaluate((el) => el.scrollTo({ left: 0 }));
    await screenshot(page, "sales-editar-1280");

    const puts: Request[] = [];
    page.on("request", (r) => {
      if (r.method() === "PUT" && r.url().includes("/api/items_presupuesto/")) puts.push(r);
    });
    const created = posts(page, "/api/items_presupuesto");
    await page.getByRole("button", { name: "Guardar Cambios" }).click();
    await visible(bannerWith(page, "Ítems guardados y actualizados correctamente"));
    expect(puts).toHaveLength(1);
    expect(created).toHaveLength(1);

    const after = await itemsOf(quote.id);
    expect(after.map((i) => [i.item, i.recinto, i.cantidad, i.precio_unitario, i.utv])).toEqual([
      ["V1", "Living", 4, 350000, 10],
      ["V9", "Cocina", 1, 90000, 2],
    ]);

    // A fresh page shows the same.
    await page.reload();
    await chooseOption(page, "Cliente", CLIENTE.nombre);
    await chooseOption(page, "Presupuesto", `#${NUMERO}`);
    await expect.poll(() => page.getByLabel(/^Cantidad fila \d+$/).count()).toBe(2);
    expect(await page.getByLabel("Cantidad fila 1").inputValue()).toBe("4");
    expect(await page.getByLabel("Ítem fila 2").inputValue()).toBe("V9");

    const narrow = await env.newPage({ width: 390, height: 844 });
    await loginAs(narrow, env, "Ventas");
    await narrow.goto(linkTo("editar-presupuestos"));
    await chooseOption(narrow, "Cliente", CLIENTE.nombre);
    await chooseOption(narrow, "Presupuesto", `#${NUMERO}`);
    await expect.poll(() => narrow.getByLabel(/^Cantidad fila \d+$/).count()).toBe(2);
    await screenshot(narrow, "sales-editar-390");
    expect(await hasHorizontalOverflow(narrow)).toBe(false);
    expect(errors).toEqual([]);
  });
});

describe("Editar Ítems: switching quotes quickly", () => {
  it("a late answer for the previous quote is ignored: the items shown and the one deleted are the current quote's", async () => {
    // A client with two quotes: A (two items) and B (one item).
    const c = (await env.api<ClienteRow>("POST", "/api/clientes", { token, body: { nombre: "Inmobiliaria Cambio Rápido SpA" } })).body;
    const quote = async (numero: string) => (await env.api<PresupuestoRow>("POST", "/api/presupuestos", { token, body: { numero, cliente_id: c.id, nombre_obra: `Obra ${numero}` } })).body;
    const a = await quote("CR-A");
    const b = await quote("CR-B");
    const ids: Record<string, number> = {};
    for (const [q, item] of [[a, "A1"], [a, "A2"], [b, "B1"]] as const) {
      const res = await env.api<ItemRow>("POST", "/api/items_presupuesto", { token, body: { presupuesto_id: q.id, item, recinto: `Recinto ${item}`, cantidad: 1 } });
      expect(res.status).toBe(201);
      ids[item] = res.body.id;
    }

    const page = await env.newPage();
    const errors = trackErrors(page);
    await loginAs(page, env, "Ventas");
    await page.goto(linkTo("editar-presupuestos"));
    await visible(page.getByRole("heading", { name: "Editar Ítems del Presupuesto" }));

    // Quote A's items answer late: held until B's are on screen.
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route(`**/api/items_presupuesto/presupuesto/${a.id}`, async (route) => {
      await held;
      await route.continue();
    });
    await chooseOption(page, "Cliente", c.nombre);
    const aAsked = page.waitForRequest((r) => r.url().endsWith(`/api/items_presupuesto/presupuesto/${a.id}`));
    await chooseOption(page, "Presupuesto", "#CR-A");
    await aAsked;
    await chooseOption(page, "Presupuesto", "#CR-B");
    await expect.poll(() => page.getByLabel(/^Ítem fila \d+$/).count()).toBe(1);
    expect(await page.getByLabel("Ítem fila 1").inputValue()).toBe("B1");

    // Now A's answer arrives: it must not replace B's rows.
    const aAnswered = page.waitForResponse((r) => r.url().endsWith(`/api/items_presupuesto/presupuesto/${a.id}`));
    release();
    await aAnswered;
    await page.waitForTimeout(300); // time for a wrong update to render, if there were one
    expect(await page.getByLabel(/^Ítem fila \d+$/).count()).toBe(1);
    expect(await page.getByLabel("Ítem fila 1").inputValue()).toBe("B1");
    await page.unroute(`**/api/items_presupuesto/presupuesto/${a.id}`);

    // Deleting the row deletes B1, naming quote B; A keeps both items.
    const deleted = page.waitForRequest((r) => r.method() === "DELETE");
    await page.getByRole("button", { name: "Eliminar fila 1" }).click();
    const url = new URL((await deleted).url());
    expect(url.pathname).toBe(`/api/items_presupuesto/${ids.B1}`);
    expect(url.searchParams.get("presupuesto_id")).toBe(String(b.id));
    await expect.poll(async () => (await itemsOf(b.id)).length).toBe(0);
    expect((await itemsOf(a.id)).map((i) => i.item)).toEqual(["A1", "A2"]);
    expect(await page.getByLabel(/^Ítem fila \d+$/).count()).toBe(0);
    await visible(page.getByText("Este presupuesto no tiene ítems."));

    // Back to A: its own items, both.
    await chooseOption(page, "Presupuesto", "#CR-A");
    await expect.poll(() => page.getByLabel(/^Ítem fila \d+$/).count()).toBe(2);
    expect(await page.getByLabel("Ítem fila 1").inputValue()).toBe("A1");
    expect(errors).toEqual([]);
  });
});

describe("Presupuestos y Clientes (listas, detalle, PDF)", () => {
  it("finds the quote by search, shows its items and totals, and downloads its PDF", async () => {
    const cliente = (await clienteByName(CLIENTE.nombre))!;
    const quote = (await apiGet<PresupuestoRow[]>(`/api/presupuestos/cliente/${cliente.id}`)).find((q) => q.numero === NUMERO)!;
    const items = await itemsOf(quote.id);
    const expected = quoteTotals(items);
    expect(expected.neto).toBe(4 * 350000 + 90000);
    expect(expected.iva).toBe(iva(expected.neto));

    const page = await env.newPage();
    const errors = trackErrors(page);
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith(".js")) scripts.push(new URL(r.url()).pathname);
    });
    await loginAs(page, env, "Ventas");
    await openMenu(page, "Ventas", "Presupuestos");
    await atPath(page, "/presupuestos");
    await visible(page.getByRole("heading", { name: "Presupuestos", exact: true }));
    await page.getByLabel("Buscar").fill(NUMERO);
    const search = page.waitForRequest((r) => r.url().includes("/api/presupuestos?") && r.url().includes("q="));
    await page.getByRole("button", { name: "Buscar" }).click();
    const url = new URL((await search).url());
    expect(url.searchParams.get("q")).toBe(NUMERO);
    expect(url.searchParams.get("_start")).toBe("0");
    await page.waitForFunction(() => document.querySelectorAll(".ant-table-tbody tr.ant-table-row").length === 1);
    const row = page.getByRole("row").filter({ hasText: `#${NUMERO}` });
    expect(await row.textContent()).toContain(CLIENTE.nombre);
    expect(await row.textContent()).toContain("$2.500.000");
    await screenshot(page, "sales-presupuestos-lista-1280");

    await row.getByRole("button", { name: `Ver presupuesto ${NUMERO}` }).click();
    await atPath(page, `/presupuestos/show/${quote.id}`);
    await visible(page.getByRole("heading", { name: `Presupuesto #${NUMERO}` }));
    await visible(page.getByRole("cell", { name: "Cocina" }));
    // The menu keeps Ventas open with "Presupuestos" marked on a quote's own page.
    await expect.poll(() => mainNav(page).getByRole("link", { name: "Presupuestos", exact: true }).getAttribute("class")).toContain("is-active");
    const totals = page.getByLabel("Totales");
    await expect.poll(() => totals.textContent()).toContain(formatCLP(expected.neto));
    expect(await totals.textContent()).toContain(formatCLP(expected.iva));
    expect(await totals.textContent()).toContain(formatCLP(expected.total));
    // Line total of V1: 4 × $350.000.
    await visible(page.getByRole("cell", { name: "$1.400.000" }));
    await screenshot(page, "sales-presupuesto-detalle-1280");

    // The PDF library is not loaded until the button is pressed.
    expect(scripts.some((s) => /QuotePdf/.test(s))).toBe(false);
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Descargar PDF" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("Presupuesto_P-1001_Constructora_Los_Andes_Ltda.pdf");
    const bytes = await readFile((await file.path())!);
    expect(bytes.subarray(0, 4).toString("latin1")).toBe("%PDF");
    expect(bytes.length).toBeGreaterThan(2000);
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    await file.saveAs(path.join(SCREENSHOT_DIR, file.suggestedFilename())); // to look at (pdftoppm)
    expect(scripts.some((s) => /QuotePdf/.test(s))).toBe(true);

    // "Editar ítems" opens the item editor on this quote.
    await page.getByRole("link", { name: "Editar ítems" }).click();
    await atPath(page, linkTo("editar-presupuestos"));
    await expect.poll(() => page.getByLabel(/^Cantidad fila \d+$/).count()).toBe(2);
    expect(await page.getByLabel("Ítem fila 2").inputValue()).toBe("V9");

    const narrow = await env.newPage({ width: 390, height: 844 });
    await loginAs(narrow, env, "Ventas");
    await narrow.goto(`/presupuestos/show/${quote.id}`);
    await visible(narrow.getByRole("cell", { name: "Cocina" }));
    await screenshot(narrow, "sales-presupuesto-detalle-390");
    expect(await hasHorizontalOverflow(narrow)).toBe(false);
    await narrow.goto("/presupuestos");
    // On a phone the list is cards: the quote's number and work, its figures and actions.
    const card = narrow.getByRole("listitem").filter({ hasText: `#${NUMERO}` });
    await visible(card.getByRole("button", { name: `Ver presupuesto ${NUMERO}` }));
    await screenshot(narrow, "sales-presupuestos-lista-390");
    expect(await hasHorizontalOverflow(narrow)).toBe(false);
    expect(errors).toEqual([]);
  });

  it("corrects a quote and a client from their edit pages", async () => {
    const cliente = (await clienteByName(CLIENTE.nombre))!;
    const quote = (await apiGet<PresupuestoRow[]>(`/api/presupuestos/cliente/${cliente.id}`)).find((q) => q.numero === NUMERO)!;

    const page = await env.newPage();
    const errors = trackErrors(page);
    await loginAs(page, env, "Ventas");
    await page.goto(`/presupuestos/edit/${quote.id}`);
    await visible(page.getByRole("heading", { name: `Editar presupuesto #${NUMERO}` }));
    await expect.poll(() => page.getByLabel("Nombre de la obra").inputValue()).toBe(OBRA);
    await page.getByLabel("Nombre de la obra").fill("Edificio Mirador, torre B");
    await screenshot(page, "sales-presupuesto-editar-1280");
    await page.getByRole("button", { name: "Guardar" }).click();
    await atPath(page, `/presupuestos/show/${quote.id}`);
    await visible(page.getByText("Edificio Mirador, torre B"));
    const q = await apiGet<PresupuestoRow>(`/api/presupuestos/id/${quote.id}`);
    expect(q.nombre_obra).toBe("Edificio Mirador, torre B");
    expect(q.numero).toBe(NUMERO);

    // Clientes: search, edit the phone, see it on the client's page.
    await openMenu(page, "Ventas", "Clientes");
    await atPath(page, "/clientes");
    await page.getByLabel("Buscar").fill("Los Andes Ltda");
    await page.getByRole("button", { name: "Buscar" }).click();
    await page.waitForFunction(() => document.querySelectorAll(".ant-table-tbody tr.ant-table-row").length === 1);
    await screenshot(page, "sales-clientes-lista-1280");
    await page.getByRole("button", { name: `Editar ${CLIENTE.nombre}` }).click();
    await atPath(page, `/clientes/edit/${cliente.id}`);
    await expect.poll(() => page.getByLabel("Teléfono").inputValue()).toBe(CLIENTE.telefono);
    await page.getByLabel("RUT").fill("76086428-4");
    await page.getByRole("button", { name: "Guardar" }).click();
    await visible(page.getByText("RUT inválido: revise el dígito verificador"));
    await page.getByLabel("RUT").fill(CLIENTE.rutNormal);
    await page.getByLabel("Teléfono").fill("+56 2 2222 3333");
    await page.getByRole("button", { name: "Guardar" }).click();
    await atPath(page, `/clientes/show/${cliente.id}`);
    await visible(page.getByText("+56 2 2222 3333"));
    await visible(page.getByRole("cell", { name: `#${NUMERO}` }));
    await screenshot(page, "sales-cliente-detalle-1280");
    expect((await apiGet<ClienteRow>(`/api/clientes/${cliente.id}`)).telefono).toBe("+56 2 2222 3333");

    const narrow = await env.newPage({ width: 390, height: 844 });
    await loginAs(narrow, env, "Ventas");
    await narrow.goto("/clientes");
    await visible(narrow.getByRole("listitem").filter({ hasText: CLIENTE.nombre }).getByRole("button", { name: `Editar ${CLIENTE.nombre}` }));
    await screenshot(narrow, "sales-clientes-lista-390");
    expect(await hasHorizontalOverflow(narrow)).toBe(false);
    await narrow.goto(`/clientes/show/${cliente.id}`);
    await visible(narrow.getByRole("cell", { name: `#${NUMERO}` }));
    await screenshot(narrow, "sales-cliente-detalle-390");
    expect(await hasHorizontalOverflow(narrow)).toBe(false);
    await narrow.goto(`/presupuestos/edit/${quote.id}`);
    await expect.poll(() => narrow.getByLabel("Nombre de la obra").inputValue()).toBe("Edificio Mirador, torre B");
    await screenshot(narrow, "sales-presupuesto-editar-390");
    expect(await hasHorizontalOverflow(narrow)).toBe(false);
    expect(errors).toEqual([]);
  });
});

describe("A client saved in Ingreso de Cliente", () => {
  it("is offered at once by a client box that searched the same text before (the picker's answers are kept a minute)", async () => {
    const page = await env.newPage();
    const errors = trackErrors(page);
    await loginAs(page, env, "Ventas");
    await openMenu(page, "Ventas", "Nuevo Presupuesto");
    await visible(page.getByRole("heading", { name: "Nuevo Presupuesto" }));
    const clientBox = page.getByLabel("Cliente");
    const suggestions = page.locator(".ant-select-dropdown:visible .ant-select-item-option");
    const searched = page.waitForResponse((r) => r.url().includes("/api/clientes/sugerencias") && r.url().includes("Zeta"));
    await clientBox.fill("Vidrios Zeta");
    await searched;
    await expect.poll(() => suggestions.filter({ hasText: "Vidrios Zeta" }).count()).toBe(0);

    // Saved through the declared resource's form (Refine's data provider), in the same tab.
    await openMenu(page, "Ventas", "Ingreso de Cliente");
    await visible(page.getByRole("heading", { name: "Ingreso de Cliente" }));
    await page.getByLabel("Nombre").fill("Vidrios Zeta SpA");
    await page.getByRole("button", { name: "Guardar Cliente" }).click();
    await visible(bannerWith(page, "Cliente guardado correctamente"));

    await openMenu(page, "Ventas", "Nuevo Presupuesto");
    await visible(page.getByRole("heading", { name: "Nuevo Presupuesto" }));
    await page.getByLabel("Cliente").fill("Vidrios Zeta");
    await visible(suggestions.filter({ hasText: "Vidrios Zeta SpA" }));

    // Renamed through the list's «Editar» (Refine's form and data provider): the new name is found at once too.
    const renamed = page.waitForResponse((r) => r.url().includes("/api/clientes/sugerencias") && r.url().includes("Cristales"));
    await page.getByLabel("Cliente").fill("Zeta Cristales");
    await renamed;
    await expect.poll(() => suggestions.filter({ hasText: "Zeta Cristales" }).count()).toBe(0);
    await openMenu(page, "Ventas", "Clientes");
    await page.getByRole("button", { name: "Editar Vidrios Zeta SpA" }).click();
    await expect.poll(() => page.getByLabel("Nombre").inputValue()).toBe("Vidrios Zeta SpA");
    await page.getByLabel("Nombre").fill("Zeta Cristales SpA");
    await page.getByRole("button", { name: "Guardar" }).click();
    await visible(page.getByText("Zeta Cristales SpA").first());
    await openMenu(page, "Ventas", "Nuevo Presupuesto");
    await visible(page.getByRole("heading", { name: "Nuevo Presupuesto" }));
    await page.getByLabel("Cliente").fill("Zeta Cristales");
    await visible(suggestions.filter({ hasText: "Zeta Cristales SpA" }));
    expect(errors).toEqual([]);
  });
});
