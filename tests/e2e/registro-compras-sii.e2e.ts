// "Registro de Compras SII" through the browser (issue 35): Contabilidad uploads a month of
// the SII's purchase register (the real CSV format), sees the four groups, registers a row
// "Solo en el SII" in one click and the group counts change; a claim with its reason shows on
// the document. Results checked through the API; screenshots at 1280 and 390 px.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayInSantiago } from "../../src/domain/dates/dates";
import { rcvLatin1 } from "../../src/domain/operations/rcv.fixtures";
import { recordLink } from "../../src/custom-pages/screens";
import { atPath, hasHorizontalOverflow, loginAs, openMenu, screenshot, startEnv, trackErrors, visible, type E2EEnv } from "./support";

let env: E2EEnv;
const today = todayInSantiago();
const periodo = today.slice(0, 7);
const recibida = addDays(today, -2) < `${periodo}-01` ? today : addDays(today, -2);
const NOMBRE = `RCV_COMPRA_REGISTRO_76543210-3_${periodo.replace("-", "")}.csv`;
let facturaId: number;

beforeAll(async () => {
  env = await startEnv();
  const token = env.adminToken;
  // Ventanal has the factura 1501 of Aluminios Peñalolén, received at the SII two days ago.
  const f = await env.api<{ id: number }>("POST", "/api/facturas_guias", {
    token,
    body: { proveedor: "Aluminios Peñalolén", rut_proveedor: "76.086.428-5", tipo_dte: 33, numero_factura: "1501", fecha: recibida, monto_neto: 100000 },
  });
  expect(f.status).toBe(201);
  facturaId = f.body.id;
});
afterAll(async () => {
  await env?.stop();
});

const month = () =>
  rcvLatin1([
    { rut: "76086428-5", razon: "Aluminios Peñalolén SpA", folio: 1501, fecha: recibida, recepcion: recibida, neto: 100000, iva: 19000, total: 119000 },
    { rut: "77777777-7", razon: "Cerrajería Los Andes Ltda.", folio: 999, fecha: recibida, recepcion: recibida, neto: 20000, iva: 3800, total: 23800 },
  ]);

describe("Registro de Compras SII", () => {
  it("Contabilidad uploads the month, sees the four groups, registers a row only in the SII in one click, and claims a factura", async () => {
    const page = await env.newPage();
    const errors = trackErrors(page);
    await loginAs(page, env, "Contabilidad");
    await openMenu(page, "Operaciones", "Registro de Compras SII");
    await atPath(page, "/RegistroComprasSII");
    await visible(page.getByRole("heading", { name: "Registro de Compras SII" }));

    await page.locator("input[type=file]").setInputFiles({ name: NOMBRE, mimeType: "text/csv", buffer: Buffer.from(month()) });
    const groups = page.getByRole("group", { name: "Resultado de la conciliación" });
    try {
      await visible(groups.getByRole("button", { name: "Coinciden: 1" }), 30_000);
    } catch (e) {
      await screenshot(page, "registro-compras-sii-fallo");
      console.log("importaciones:", JSON.stringify((await env.api("GET", "/api/rcv/compras", { token: env.adminToken })).body).slice(0, 500), errors);
      throw e;
    }
    await visible(groups.getByRole("button", { name: "Con diferencias: 0" }));
    await visible(groups.getByRole("button", { name: "Solo en el SII: 1" }));
    await visible(groups.getByRole("button", { name: "Solo en Ventanal: 0" }));
    await visible(page.getByText("IVA crédito fiscal del mes (SII, para el F29)"));
    await screenshot(page, "registro-compras-sii-1280");

    await page.getByRole("button", { name: "Registrar en Ventanal folio 999" }).click();
    await visible(page.getByText("1 documento registrado en Ventanal."));
    await visible(groups.getByRole("button", { name: "Coinciden: 2" }));
    await visible(groups.getByRole("button", { name: "Solo en el SII: 0" }));
    const docs = await env.api<{ numero_factura: string; rut_proveedor: string }[]>("GET", "/api/facturas_guias?numero_factura=999", { token: env.adminToken });
    expect(docs.body.map((d) => d.rut_proveedor)).toEqual(["77.777.777-7"]);

    // A claim with its reason, on the document's SII state.
    await page.getByRole("button", { name: "Aceptar o reclamar folio 1501" }).click();
    const dialog = page.getByRole("dialog");
    await visible(dialog.getByText(/Por aceptar: quedan \d+ días .* contados desde la recepción en el SII/));
    await visible(dialog.getByText("Motivo del reclamo"));
    await dialog.locator(".ant-select-selector").first().click();
    await page.locator(".ant-select-dropdown:visible .ant-select-item-option").filter({ hasText: "Reclamo por falta parcial de mercaderías (RFP)" }).click();
    await dialog.getByLabel("Comentario").fill("Faltaron 4 perfiles");
    await dialog.getByRole("button", { name: "Reclamar" }).click();
    await visible(dialog.getByText(/Reclamada: Reclamo por falta parcial de mercaderías \(RFP\)/));
    await visible(dialog.getByText("Para registrarlo en el SII:"));
    const sii = await env.api<{ decision: string; motivo: string; comentario: string }>("GET", `/api/facturas_guias/${facturaId}/sii`, { token: env.adminToken });
    expect(sii.body).toMatchObject({ decision: "reclamada", motivo: "RFP", comentario: "Faltaron 4 perfiles" });
    await screenshot(page, "registro-compras-sii-reclamo-1280");

    // The claim with its reason on the document itself (Operaciones → Facturas/Guías → Detalle).
    await page.goto(`${env.baseUrl}${recordLink("facturas_guias", facturaId)}`);
    const onDocument = page.getByLabel("Estado en el SII");
    await visible(onDocument.getByText("Reclamada: Reclamo por falta parcial de mercaderías (RFP)", { exact: false }));
    await visible(onDocument.getByText("Faltaron 4 perfiles", { exact: false }));
    await expect(onDocument.getByRole("button", { name: "Reclamar" }).count()).resolves.toBe(0);
    await screenshot(page, "registro-compras-sii-documento-1280");
    expect(errors).toEqual([]);
  }, 180_000);

  it("at 390 px: no horizontal scrolling, the groups and rows as cards", async () => {
    const page = await env.newPage({ width: 390, height: 844 });
    const errors = trackErrors(page);
    await loginAs(page, env, "Contabilidad");
    await page.goto(`${env.baseUrl}/RegistroComprasSII`);
    await visible(page.getByRole("group", { name: "Resultado de la conciliación" }));
    await visible(page.getByText("Cerrajería Los Andes Ltda. · folio 999"));
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await screenshot(page, "registro-compras-sii-390");
    expect(errors).toEqual([]);
  }, 120_000);
});
