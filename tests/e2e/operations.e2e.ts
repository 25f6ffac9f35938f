// Operations through the browser, as the people who use it work: Operaciones follows the
// works stage by stage, reads the works and materials summary, controls the supplier
// invoices' payment and registers client payments; the warehouse registers an invoice.
// Every step goes through visible Spanish labels; results are checked through the API.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayInSantiago } from "../../src/domain/dates/dates";
import { formatDate } from "../../src/domain/format";
import { dteXml, envio, latin1, withDecl } from "../../src/domain/operations/dte.fixtures";
import { WORK_STAGES } from "../../src/domain/sales/tracking";
import { atPath, hasHorizontalOverflow, hidden, loginAs, openMenu, screenshot, shownDate, startEnv, trackErrors, typeDate, visible, type E2EEnv, chooseOption, bannerWith } from "./support";
import { linkTo } from "../../src/custom-pages/screens";

let env: E2EEnv;
let token: string;
let clienteId: number;
let quoteId: number;
let doneQuoteId: number;
const today = todayInSantiago();

const CLIENTE = "Constructora Andina SpA";
const NUMERO = "OB-3001";
const OBRA = "Edificio Los Álamos";
const NUMERO_DONE = "OB-3002";
const OBRA_DONE = "Casa Terminada";

interface Seg {
  id: number;
  presupuesto_id: number;
  perfiles: boolean;
  vidrio: boolean;
  rectificacion: boolean;
  rectificacion_plazo_dias: number;
  comentario: string | null;
}

async function seguimiento(presupuestoId: number): Promise<Seg> {
  const res = await env.api<Seg[]>("GET", `/api/seguimiento_obras?presupuesto_id=${presupuestoId}`, { token });
  expect(res.status).toBe(200);
  return res.body[0];
}

beforeAll(async () => {
  env = await startEnv();
  token = await env.tokenFor(env.users.Operaciones.correo, env.users.Operaciones.contrasena);
  const admin = env.adminToken;
  clienteId = (await env.api<{ id: number }>("POST", "/api/clientes", { token: admin, body: { nombre: CLIENTE } })).body.id;
  quoteId = (await env.api<{ id: number }>("POST", "/api/presupuestos", { token: admin, body: { numero: NUMERO, cliente_id: clienteId, nombre_obra: OBRA, total_neto_presupuestado: 1_000_000 } })).body.id;
  doneQuoteId = (await env.api<{ id: number }>("POST", "/api/presupuestos", { token: admin, body: { numero: NUMERO_DONE, cliente_id: clienteId, nombre_obra: OBRA_DONE } })).body.id;
  const paidQuote = (await env.api<{ id: number }>("POST", "/api/presupuestos", { token: admin, body: { numero: "OB-3003", cliente_id: clienteId, nombre_obra: "Casa Pagada", total_neto_presupuestado: 100_000 } })).body.id;
  expect((await env.api("POST", "/api/pagos_clientes", { token, body: { cliente_id: clienteId, presupuesto_id: paidQuote, monto: 119_000 } })).status).toBe(201);
  const done = await seguimiento(doneQuoteId);
  for (const s of WORK_STAGES) expect((await env.api("PUT", `/api/seguimiento_obras/${done.id}/toggle`, { token, body: { campo: s } })).status).toBe(200);
  const lote = await env.api("POST", "/api/ot_pautas/lote", {
    token: admin,
    body: {
      cliente_id: clienteId,
      presupuesto_id: quoteId,
      numero_presupuesto: NUMERO,
      categorias: { perfiles: [{ codigo: "10001", producto: "Perfil marco corredera", cantidad_original: 23.2 }], vidrio: [{ codigo: "70001", producto: "Termopanel 4-12-4", cantidad_original: 3 }] },
    },
  });
  expect(lote.status).toBe(201);
  // Supplier invoices: one overdue (30 days of credit, dated 40 days ago), one cash.
  for (const body of [
    { proveedor: "Aluminios del Sur", numero_factura: "F-501", fecha: addDays(today, -40), monto_neto: 200000, dias_credito: 30 },
    { proveedor: "Vidrios Lirquén", numero_factura: "F-900", fecha: today, monto_neto: 50000 },
  ]) {
    expect((await env.api("POST", "/api/facturas_guias", { token: admin, body })).status).toBe(201);
  }
});

afterAll(async () => {
  await env?.stop();
});

describe("Seguimiento Obras", () => {
  it("toggles stages (a failure returns to the server's state), sets the rectification deadline, saves a comment and shows completed works on demand", async () => {
    const page = await env.newPage();
    const errors = trackErrors(page);
    await loginAs(page, env, "Operaciones");
    await openMenu(page, "Operaciones", "Seguimiento Obras");
    await atPath(page, linkTo("seguimiento-obras"));
    await visible(page.getByRole("heading", { name: "Seguimiento Obras" }));
    const card = page.locator(".ant-card").filter({ hasText: `#${NUMERO} - ${OBRA}` });
    await visible(card);
    await visible(card.getByText("Material", { exact: true }));
    // The complete work is hidden until "Mostrar completadas".
    await expect.poll(() => page.locator(".ant-card").filter({ hasText: `#${NUMERO_DONE}` }).count()).toBe(0);

    // The data suggests "Pago" for the fully paid work (the user still decides).
    const paid = page.locator(".ant-card").filter({ hasText: "#OB-3003 - Casa Pagada" });
    await visible(paid.locator(".vt-stage--hint").filter({ hasText: "Pago" }).getByText("sugerido"));
    expect(await paid.getByLabel("Pago OB-3003").isChecked()).toBe(false);

    await card.getByLabel(`Perfiles ${NUMERO}`).check();
    await visible(card.getByText("1/16 etapas"));
    await expect.poll(async () => (await seguimiento(quoteId)).perfiles).toBe(true);

    // The server refuses: the box returns, nothing but the log.
    // The 500 is held until the box shows checked: `check()` would race the reversal.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/seguimiento_obras/*/toggle", async (route) => {
      await held;
      await route.fulfill({ status: 500, body: "{}" });
    });
    await card.getByLabel(`Vidrio ${NUMERO}`).click();
    await expect.poll(() => card.getByLabel(`Vidrio ${NUMERO}`).isChecked()).toBe(true);
    release();
    await expect.poll(() => card.getByLabel(`Vidrio ${NUMERO}`).isChecked()).toBe(false);
    await page.unroute("**/api/seguimiento_obras/*/toggle");
    expect((await seguimiento(quoteId)).vidrio).toBe(false);

    // Rectification with 3 days: Fecha Máx = today + 3.
    await card.getByLabel(`Plazo rectificación ${NUMERO}`).fill("3");
    await card.getByLabel(`Plazo rectificación ${NUMERO}`).press("Enter");
    await expect.poll(async () => (await seguimiento(quoteId)).rectificacion_plazo_dias).toBe(3);
    await card.getByLabel(`Rectificación ${NUMERO}`, { exact: true }).check();
    await visible(card.getByText(`Fecha Máx: ${formatDate(addDays(today, 3))}`));
    expect(await seguimiento(quoteId)).toMatchObject({ rectificacion: true, rectificacion_plazo_dias: 3 });

    await card.getByLabel(`Comentario ${NUMERO}`).fill("Falta confirmar medidas del piso 3");
    await card.getByRole("button", { name: "Guardar comentario" }).click();
    await visible(bannerWith(page, "Comentario guardado"));
    expect((await seguimiento(quoteId)).comentario).toBe("Falta confirmar medidas del piso 3");
    await visible(card.getByText(/Último comentario:/));

    await page.getByRole("checkbox", { name: "Mostrar completadas" }).check();
    const done = page.locator(".ant-card").filter({ hasText: `#${NUMERO_DONE} - ${OBRA_DONE}` });
    await visible(done);
    await visible(done.getByText("Completada"));
    await screenshot(page, "seguimiento-obras-1280");

    const narrow = await env.newPage({ width: 390, height: 844 });
    await loginAs(narrow, env, "Operaciones");
    await narrow.goto(linkTo("seguimiento-obras"));
    await visible(narrow.locator(".ant-card").filter({ hasText: `#${NUMERO} - ${OBRA}` }));
    await screenshot(narrow, "seguimiento-obras-390");
    expect(await hasHorizontalOverflow(narrow)).toBe(false);
    expect(errors.filter((e) => !e.includes("500") && !e.includes("No se pudo cambiar la etapa"))).toEqual([]);
  });
});

describe("Resumen de Obras y Materiales", () => {
  it("lists budgets with their nets and utility %, the bar chart, and expands a budget into its detail", async () => {
    const page = await env.newPage();
    const errors = trackErrors(page);
    await loginAs(page, env, "Operaciones");
    await openMenu(page, "Operaciones", "Resumen de Obras y Materiales");
    await atPath(page, linkTo("resumen-obras"));
    await visible(page.getByRole("heading", { name: "Resumen de Obras y Materiales" }));
    const row = page.locator("tr.ant-table-row").filter({ hasText: NUMERO });
    await visible(row);
    await visible(row.getByText("100,0 %"));
    await visible(page.getByRole("img", { name: `#${NUMERO} Presupuestado $1.000.000` }));
    await row.click();
    const detail = page.getByRole("region", { name: `Detalle ${NUMERO}` });
    await visible(detail);
    await visible(detail.getByRole("cell", { name: "Perfil marco corredera" }));
    await visible(detail.getByRole("cell", { name: "Termopanel 4-12-4" }));
    await visible(detail.getByText("Total neto materiales"));
    await screenshot(page, "resumen-obras-1280");

    const narrow = await env.newPage({ width: 390, height: 844 });
    await loginAs(narrow, env, "Operaciones");
    await narrow.goto(linkTo("resumen-obras"));
    await visible(narrow.locator("tr.ant-table-row").filter({ hasText: NUMERO }));
    await screenshot(narrow, "resumen-obras-390");
    expect(await hasHorizontalOverflow(narrow)).toBe(false);
    expect(errors).toEqual([]);
  });
});

describe("Registro de Facturas/Guías", () => {
  it("fills VAT and total from the net, registers the invoice and shows it in the history filtered by supplier", async () => {
    const page = await env.newPage();
    const errors = trackErrors(page);
    await loginAs(page, env, "Bodega");
    await openMenu(page, "Bodega", "Registro de Facturas/Guias");
    await atPath(page, linkTo("facturas-guias"));
    await visible(page.getByRole("heading", { name: "Registro de Facturas/Guías" }));

    // Nothing typed: the form refuses, nothing sent.
    await page.getByRole("button", { name: "Registrar" }).click();
    await visible(page.getByText("El proveedor es obligatorio"));

    await page.getByLabel("Proveedor", { exact: true }).fill("Aluminios del Sur");
    await page.getByLabel("N° Factura").fill("F-777");
    await page.getByLabel("Monto Neto").fill("150000,4");
    await page.getByLabel("Monto Neto").blur();
    await expect.poll(() => page.getByLabel("IVA", { exact: true }).inputValue()).toBe("28500");
    expect(await page.getByLabel("Monto Total").inputValue()).toBe("178500");
    await page.getByLabel("Observación").fill("Perfiles obra Los Álamos");
    await page.getByRole("button", { name: "Registrar" }).click();
    await visible(bannerWith(page, "Factura/Guía registrada"));
    expect(await page.getByLabel("Proveedor", { exact: true }).inputValue()).toBe("");

    const all = await env.api<{ numero_factura: string; monto_neto: number; iva: number; monto_total: number }[]>("GET", "/api/facturas_guias?numero_factura=F-777", { token });
    expect(all.body).toMatchObject([{ numero_factura: "F-777", monto_neto: 150000, iva: 28500, monto_total: 178500 }]);

    await chooseOption(page, "Filtrar por proveedor", "Vidrios Lirquén", "lirq");
    await visible(page.locator("tr.ant-table-row").filter({ hasText: "F-900" }));
    await expect.poll(() => page.locator("tr.ant-table-row").filter({ hasText: "F-777" }).count()).toBe(0);
    await screenshot(page, "facturas-guias-1280");

    const narrow = await env.newPage({ width: 390, height: 844 });
    await loginAs(narrow, env, "Bodega");
    await narrow.goto(linkTo("facturas-guias"));
    await visible(narrow.locator("tr.ant-table-row").filter({ hasText: "F-777" }));
    await screenshot(narrow, "facturas-guias-390");
    expect(await hasHorizontalOverflow(narrow)).toBe(false);
    expect(errors).toEqual([]);
  });
});

describe("Importar facturas electrónicas (XML del SII)", () => {
  it("reads an EnvioDTE file (ISO-8859-1), shows each document with its acceptance window, registers them and refuses them the second time", async () => {
    const tmp = await mkdtemp(path.join(tmpdir(), "ventanal-dte-"));
    const xml = path.join(tmp, "envio-aluminios.xml");
    const lines = [{ codigo: "10001", nombre: "Perfil marco corredera", qty: 10, precio: 12500, monto: 125000 }];
    await writeFile(xml, latin1(withDecl(envio([dteXml({ tipo: 33, folio: 4401, fecha: today, neto: 125000, iva: 23750, total: 148750, lines }), dteXml({ tipo: 52, folio: 77, fecha: today, neto: 125000, iva: 23750, total: 148750, lines })]))));
    try {
      const page = await env.newPage();
      const errors = trackErrors(page);
      await loginAs(page, env, "Bodega");
      await page.goto(linkTo("facturas-guias"));
      await visible(page.getByRole("heading", { name: "Registro de Facturas/Guías" }));
      await page.locator("input[type=file]").setInputFiles(xml);
      const docs = page.getByRole("region", { name: "Documentos leídos" });
      const factura = docs.getByRole("listitem").filter({ hasText: "Factura electrónica N° 4401" });
      await visible(factura);
      await visible(factura.getByText("Aluminios Peñalolén SpA"));
      await visible(factura.getByText("Quedan 8 días para aceptar o reclamar la factura"));
      await visible(factura.getByText("Total $148.750"));
      await visible(docs.getByRole("listitem").filter({ hasText: "Guía de despacho electrónica N° 77" }));
      await screenshot(page, "facturas-dte-1280");
      await page.getByRole("button", { name: "Registrar 2 documentos" }).click();
      await visible(bannerWith(page, "2 documentos registrados."));
      await visible(page.locator("tr.ant-table-row").filter({ hasText: "4401" }));
      const stored = await env.api<{ tipo_dte: number; monto_total: number; rut_proveedor: string }[]>("GET", "/api/facturas_guias?numero_factura=4401", { token });
      expect(stored.body).toMatchObject([{ tipo_dte: 33, monto_total: 148750, rut_proveedor: "76.086.428-5" }]);

      // The same file again: both already registered, nothing to register.
      await page.locator("input[type=file]").setInputFiles(xml);
      await visible(factura.getByText("Ya registrada"));
      expect(await page.getByRole("button", { name: "Registrar 0 documentos" }).isDisabled()).toBe(true);

      const narrow = await env.newPage({ width: 390, height: 844 });
      await loginAs(narrow, env, "Bodega");
      await narrow.goto(linkTo("facturas-guias"));
      await narrow.locator("input[type=file]").setInputFiles(xml);
      await visible(narrow.getByRole("region", { name: "Documentos leídos" }).getByText("Ya registrada").first());
      await screenshot(narrow, "facturas-dte-390");
      expect(await hasHorizontalOverflow(narrow)).toBe(false);
      expect(errors).toEqual([]);
    } finally {
      await rm(tmp, { recursive: true, force: true });
    }
  });
});

describe("Facturas/Guías (control de pago)", () => {
  it("shows the overdue row in red, filters Pendiente as Vencida, toggles Pagado and saves an internal observation", async () => {
    const page = await env.newPage();
    const errors = trackErrors(page);
    const sent: string[] = [];
    page.on("request", (r) => {
      const u = new URL(r.url());
      if (u.pathname === "/api/facturas_estado") sent.push(u.searchParams.get("estado_pago") ?? "");
    });
    await loginAs(page, env, "Operaciones");
    await openMenu(page, "Operaciones", "Facturas/Guías");
    await atPath(page, linkTo("facturas-estado"));
    await visible(page.getByRole("heading", { name: "Control de pago de Facturas/Guías" }));
    const overdue = page.locator("tr.ant-table-row").filter({ hasText: "F-501" });
    await visible(overdue);
    expect(await overdue.getAttribute("class")).toContain("vt-row-vencida");
    await visible(overdue.getByRole("button", { name: "Estado F-501: Vencida" }));
    await visible(page.getByRole("button", { name: "Estado F-900: Contado" }));
    // The electronic invoice imported today: 8 days left to accept or claim it.
    await visible(page.locator("tr.ant-table-row").filter({ hasText: "4401" }).getByText("Aceptar: 8 d"));

    await chooseOption(page, "Estado de pago", "Pendiente");
    await expect.poll(() => sent.at(-1)).toBe("Vencida");
    await expect.poll(() => page.locator("tr.ant-table-row").count()).toBe(1);
    await visible(overdue);

    await overdue.getByRole("button", { name: "Estado F-501: Vencida" }).click();
    await visible(overdue.getByRole("button", { name: "Estado F-501: Pagado" }));
    await visible(overdue.locator(".vt-pago-hoy").filter({ hasText: formatDate(today) }));
    expect(await overdue.getAttribute("class")).not.toContain("vt-row-vencida");
    const stored = async () => (await env.api<{ estado_pago: string | null; fecha_pago: string | null; observaciones_internas: string | null }[]>("GET", "/api/facturas_guias?numero_factura=F-501", { token })).body[0];
    expect(await stored()).toMatchObject({ estado_pago: "Pagado", fecha_pago: today });

    // The save's answer is held back (a slow network) while the person types on in the box:
    // when it comes, the box keeps what is being typed.
    const box = overdue.getByLabel("Observaciones internas F-501");
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/facturas_guias/*", async (route) => {
      if (route.request().method() !== "PUT") return route.continue();
      const response = await route.fetch();
      await released;
      await route.fulfill({ response });
    });
    await box.fill("Pagada por transferencia");
    await box.press("Enter");
    await expect.poll(async () => (await stored()).observaciones_internas).toBe("Pagada por transferencia");
    // The row's state button spins while its save is under way.
    const saving = async () => (await overdue.getByRole("button", { name: "Estado F-501: Pagado" }).getAttribute("class")) ?? "";
    await expect.poll(saving).toContain("ant-btn-loading");
    await box.fill("otra cosa");
    release();
    await expect.poll(saving).not.toContain("ant-btn-loading");
    await page.unroute("**/api/facturas_guias/*");
    expect(await box.inputValue()).toBe("otra cosa");

    // A failed observation update says so and goes back.
    await page.route("**/api/facturas_guias/*", (route) => (route.request().method() === "PUT" ? route.fulfill({ status: 500, body: "{}" }) : route.continue()));
    await box.press("Enter");
    await visible(bannerWith(page, "No se pudo actualizar la observación."));
    await expect.poll(() => overdue.getByLabel("Observaciones internas F-501").inputValue()).toBe("Pagada por transferencia");
    await page.unroute("**/api/facturas_guias/*");

    // Back to unpaid: both cleared.
    await overdue.getByRole("button", { name: "Estado F-501: Pagado" }).click();
    await expect.poll(async () => (await stored()).estado_pago).toBe(null);
    expect((await stored()).fecha_pago).toBe(null);
    await screenshot(page, "facturas-estado-1280");

    const narrow = await env.newPage({ width: 390, height: 844 });
    await loginAs(narrow, env, "Operaciones");
    await narrow.goto(linkTo("facturas-estado"));
    // On a phone each invoice is a card with its state button and observation box.
    const card = narrow.getByRole("listitem").filter({ hasText: "F-501" });
    await visible(card.getByRole("button", { name: "Estado F-501: Vencida" }));
    await visible(card.getByLabel("Observaciones internas F-501"));
    await screenshot(narrow, "facturas-estado-390");
    expect(await hasHorizontalOverflow(narrow)).toBe(false);
    expect(errors.filter((e) => !e.includes("500") && !e.includes("No se pudo actualizar la observación"))).toEqual([]);
  });
});

describe("Listado de Facturas/Guías (recurso)", () => {
  it("searches, sorts and filters the invoices on the server", async () => {
    const page = await env.newPage();
    const errors = trackErrors(page);
    await loginAs(page, env, "Contabilidad");
    await openMenu(page, "Operaciones", "Listado de Facturas/Guías");
    await atPath(page, "/facturas_guias");
    await visible(page.getByRole("heading", { name: "Listado de Facturas/Guías" }));
    await visible(page.locator("tr.ant-table-row").filter({ hasText: "F-900" }));
    await page.getByLabel("Buscar").fill("aluminios");
    await page.getByRole("button", { name: "Buscar", exact: true }).click();
    await expect.poll(() => page.locator("tr.ant-table-row").filter({ hasText: "F-900" }).count()).toBe(0);
    await visible(page.locator("tr.ant-table-row").filter({ hasText: "F-501" }));
    await screenshot(page, "facturas-lista-1280");
    const narrow = await env.newPage({ width: 390, height: 844 });
    await loginAs(narrow, env, "Contabilidad");
    await narrow.goto("/facturas_guias");
    await visible(narrow.getByRole("listitem").filter({ hasText: "F-501" }));
    expect(await hasHorizontalOverflow(narrow)).toBe(false);
    expect(errors).toEqual([]);
  });
});

describe("Pagos de Clientes", () => {
  it("registers a payment and shows the summary (total with VAT, paid, balance, Parcial) and the list", async () => {
    const page = await env.newPage();
    const errors = trackErrors(page);
    await loginAs(page, env, "Operaciones");
    await openMenu(page, "Operaciones", "Pagos Clientes");
    await atPath(page, linkTo("pagos-clientes"));
    await visible(page.getByRole("heading", { name: "Pagos de Clientes" }));

    // Nothing chosen: the server refuses, the screen says "Error al guardar."
    await page.getByRole("button", { name: "Registrar pago" }).click();
    await visible(bannerWith(page, "Error al guardar."));

    await chooseOption(page, "Cliente", CLIENTE, "andina");
    await chooseOption(page, "Presupuesto", `#${NUMERO} - ${OBRA}`);
    const summary = page.locator(".ant-card").filter({ hasText: `Resumen del presupuesto #${NUMERO}` });
    await visible(summary.locator(".vt-facts > div").filter({ hasText: "Total con IVA" }).getByText("$1.190.000"));
    // The date picker shows today as DD-MM-AAAA and takes a typed date.
    expect(await page.getByLabel("Fecha", { exact: true }).inputValue()).toBe(shownDate(today));
    await typeDate(page.getByLabel("Fecha", { exact: true }), addDays(today, -2));
    // Picked as well as typed: the calendar is in Spanish whatever the browser's language.
    await page.getByLabel("Fecha", { exact: true }).click();
    const panel = page.locator(".ant-picker-dropdown:visible");
    await visible(panel);
    await screenshot(page, "fecha-picker-1280");
    expect(await panel.locator(".ant-picker-content th").allTextContents()).toEqual(["Lun", "Mar", "Mié", "Jue", "Vie", "Sáb", "Dom"]);
    await page.keyboard.press("Escape");
    await page.getByLabel("Monto (con IVA)").fill("500.000");
    await page.getByLabel("Estado", { exact: true }).fill("Abono");
    await page.getByLabel("Observación").fill("Transferencia");
    await page.getByRole("button", { name: "Registrar pago" }).click();
    await visible(bannerWith(page, "Pago registrado"));
    await visible(summary.locator(".vt-facts > div").filter({ hasText: "Saldo" }).getByText("$690.000"));
    await visible(summary.locator(".ant-tag").filter({ hasText: "Parcial" }));
    await visible(summary.locator("tr.ant-table-row").filter({ hasText: "$500.000" }));
    const pagos = await env.api<{ monto: number; estado: string; fecha_pago: string }[]>("GET", `/api/pagos_clientes?presupuesto_id=${quoteId}`, { token });
    expect(pagos.body).toMatchObject([{ monto: 500000, estado: "Abono", fecha_pago: addDays(today, -2) }]);
    await hidden(bannerWith(page, "Pago registrado"), 5000);
    await screenshot(page, "pagos-clientes-1280");
    // The payment in the list of every payment (a Refine resource).
    await openMenu(page, "Operaciones", "Listado de Pagos");
    await atPath(page, "/pagos_clientes");
    await visible(page.locator("tr.ant-table-row").filter({ hasText: CLIENTE }).filter({ hasText: "$500.000" }));

    const narrow = await env.newPage({ width: 390, height: 844 });
    await loginAs(narrow, env, "Operaciones");
    await narrow.goto(`${linkTo("pagos-clientes")}?presupuesto=${quoteId}`);
    await visible(narrow.getByText(`Resumen del presupuesto #${NUMERO}`));
    await screenshot(narrow, "pagos-clientes-390");
    expect(await hasHorizontalOverflow(narrow)).toBe(false);
    await narrow.getByLabel("Fecha", { exact: true }).click();
    await visible(narrow.locator(".ant-picker-dropdown:visible"));
    await screenshot(narrow, "fecha-picker-390");
    expect(errors.filter((e) => !e.includes("Error al guardar."))).toEqual([]);
  });
});
