// The client's link through the browser (issue 34 §2): the salesperson makes a link on the
// quote's page («Compartir con el cliente»), the client opens it on a phone (390 px, no
// session), reads the quote with its drawings and totals, fills name, RUT, the box and a
// drawn signature and accepts with ONE tap; then the salesperson's quote page shows it
// accepted and the work's card in Seguimiento de obras has its first stage done.
import { copyFile, mkdir } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { todayInSantiago } from "../../src/domain/dates/dates";
import { atPath, hasHorizontalOverflow, loginAs, screenshot, SCREENSHOT_DIR, shownDate, startEnv, trackErrors, visible, type E2EEnv } from "./support";

let env: E2EEnv;
let token: string;
let quote: { id: number; numero: string };
const OBRA = "Casa Los Aromos";

beforeAll(async () => {
  env = await startEnv();
  token = await env.tokenFor(env.users.Ventas.correo, env.users.Ventas.contrasena);
  const cliente = await env.api<{ id: number }>("POST", "/api/clientes", { token, body: { nombre: "Inmobiliaria Los Aromos", telefono: "+56 9 8765 4321", correo: "compras@aromos.cl" } });
  const q = await env.api<{ id: number; numero: string }>("POST", "/api/presupuestos", {
    token,
    body: { numero: "2026-0342", cliente_id: cliente.body.id, nombre_obra: OBRA, direccion: "Los Aromos 123, La Reina", total_neto_presupuestado: 0 },
  });
  expect(q.status).toBe(201);
  quote = q.body;
  for (const it of [
    { item: "V1", recinto: "Living", ancho: 2400, alto: 1200, tipo_ventana: "Doble Corredera", tipo_apertura: "Derecha", cantidad: 2, precio_unitario: 285_000 },
    { item: "V2", recinto: "Baño", ancho: 600, alto: 500, tipo_ventana: "Proyectante", tipo_apertura: "Por Definir", cantidad: 1, precio_unitario: 95_000 },
  ]) {
    expect((await env.api("POST", "/api/items_presupuesto", { token, body: { ...it, presupuesto_id: quote.id } })).status).toBe(201);
  }
});

afterAll(async () => {
  await env?.stop();
});

/** Draws a signature on the canvas with the mouse (pointer events, as a finger). */
async function sign(page: Page) {
  const canvas = page.getByRole("img", { name: /Recuadro de firma/ });
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.7);
  await page.mouse.down();
  for (const [fx, fy] of [
    [0.2, 0.3],
    [0.3, 0.75],
    [0.45, 0.25],
    [0.6, 0.7],
    [0.8, 0.35],
  ]) {
    await page.mouse.move(box.x + box.width * fx, box.y + box.height * fy, { steps: 4 });
  }
  await page.mouse.up();
}

describe("the client's link, from the quote page to a signed acceptance", () => {
  let url: string;

  it("the salesperson makes a link and gets Copiar enlace, WhatsApp and Correo", async () => {
    const page = await env.newPage();
    const errors = trackErrors(page);
    await loginAs(page, env, "Ventas");
    await page.goto(`/presupuestos/show/${quote.id}`);
    const card = page.locator(".ant-card.ant-card-small").filter({ has: page.getByText("Compartir con el cliente", { exact: true }) });
    await visible(card);
    await card.getByRole("button", { name: "Crear enlace" }).click();
    const shown = await visible(card.getByLabel("Enlace para el cliente"));
    url = (await shown.innerText()).trim();
    expect(url).toMatch(/\/p\/[A-Za-z0-9_-]{43}$/);
    await visible(card.getByRole("button", { name: "Copiar enlace" }));
    const wa = await card.getByRole("link", { name: /WhatsApp/ }).getAttribute("href");
    expect(wa).toMatch(/^https:\/\/wa\.me\/56987654321\?text=/);
    expect(decodeURIComponent(wa!.split("text=")[1])).toContain(OBRA);
    expect(decodeURIComponent(wa!.split("text=")[1])).toContain(url);
    const mail = await card.getByRole("link", { name: /Correo/ }).getAttribute("href");
    expect(mail).toMatch(/^mailto:compras%40aromos\.cl\?subject=/);
    await visible(card.getByText("Vigente", { exact: true }));
    await visible(card.getByText(`Por ${env.users.Ventas.nombre}`, { exact: false }));
    await screenshot(page, "enlaces-cliente-compartir");
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("the client opens it on a phone without a session and accepts with one tap after filling the form", async () => {
    const phone = await env.newPage({ width: 390, height: 844 });
    const errors = trackErrors(phone);
    const res = await phone.goto(url);
    expect(res!.headers()["x-robots-tag"]).toContain("noindex");
    expect(res!.headers()["referrer-policy"]).toBe("no-referrer");
    await visible(phone.getByRole("heading", { name: `Presupuesto N° ${quote.numero}` }));
    await visible(phone.getByText(OBRA, { exact: true }));
    // Each item with its drawing; totals: 2 × 285.000 + 95.000 = 665.000 neto, IVA 126.350, total 791.350.
    expect(await phone.locator(".pp-dibujo svg").count()).toBe(2);
    await visible(phone.getByText("$791.350", { exact: true }));
    await visible(phone.getByText("$126.350", { exact: true }));
    expect(await hasHorizontalOverflow(phone)).toBe(false);
    await screenshot(phone, "enlaces-cliente-publico-390");

    // A bad RUT is refused on the page, nothing sent.
    await phone.getByLabel("Nombre").fill("María José Pérez");
    await phone.getByLabel("RUT").fill("12.345.678-9");
    await phone.getByRole("button", { name: "Aceptar presupuesto" }).click();
    await visible(phone.getByText("RUT inválido: revise el dígito verificador"));
    await phone.getByLabel("RUT").fill("12345678-5");
    await sign(phone);
    await phone.getByLabel("Acepto el presupuesto y sus condiciones").check();
    await screenshot(phone, "enlaces-cliente-formulario-390");

    // The form is filled: one tap accepts.
    let taps = 0;
    const tap = async (name: string) => {
      taps++;
      await phone.getByRole("button", { name }).click();
    };
    await tap("Aceptar presupuesto");
    await visible(phone.getByRole("heading", { name: "Presupuesto aceptado" }));
    expect(taps).toBeLessThanOrEqual(3);
    await visible(phone.getByText(/María José Pérez, RUT 12\.345\.678-5, lo aceptó el/));
    await visible(phone.getByRole("img", { name: "Firma del cliente" }));
    // Read-only now: no form.
    expect(await phone.getByRole("button", { name: "Aceptar presupuesto" }).count()).toBe(0);
    expect(await hasHorizontalOverflow(phone)).toBe(false);
    await screenshot(phone, "enlaces-cliente-aceptado-390");

    // The signed copy: "Descargar PDF" gives the quote's PDF.
    const [download] = await Promise.all([phone.waitForEvent("download"), phone.getByRole("button", { name: "Descargar PDF" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^Presupuesto_2026-0342_.*\.pdf$/);
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    await copyFile((await download.path())!, path.join(SCREENSHOT_DIR, "enlaces-cliente-firmado.pdf"));
    expect(errors).toEqual([]);
    await phone.context().close();
  });

  it("the salesperson's quote page shows it accepted; the work's card has Presupuesto done", async () => {
    const q = await env.api<{ aceptado_fecha: string }>("GET", `/api/presupuestos/id/${quote.id}`, { token });
    expect(q.body.aceptado_fecha).toBe(todayInSantiago());
    const page = await env.newPage();
    const errors = trackErrors(page);
    await loginAs(page, env, "Ventas");
    await page.goto(`/presupuestos/show/${quote.id}`);
    await visible(page.getByText(`Aceptado por el cliente el ${shownDate(todayInSantiago())}`, { exact: true }));
    await visible(page.locator(".ant-tag", { hasText: /^Aceptado$/ }));
    await visible(page.getByText(/María José Pérez \(RUT 12\.345\.678-5\)/));
    await page.goto("/SeguimientoObrasPage");
    await atPath(page, "/SeguimientoObrasPage");
    const stage = await visible(page.getByLabel(`Presupuesto ${quote.numero}`));
    expect(await stage.isChecked()).toBe(true);
    await visible(page.getByText(`Aceptado por el cliente el ${shownDate(todayInSantiago())}`));
    await screenshot(page, "enlaces-cliente-seguimiento");
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
