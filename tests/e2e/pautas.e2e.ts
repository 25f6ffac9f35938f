// Technical-office lists through the browser, as the people who use them work: the
// technical office builds a quote's pauta by hand and from the CSV of the design program
// (a real ISO-8859-1 file), saves everything, reloads what was saved, corrects a quantity
// and deletes a line; the warehouse then ticks "Separado" on Stock reservado por OT.
// Every step goes through visible Spanish labels; results are checked through the API.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataLine, HEADER_LINE, latin1 } from "../../src/domain/pautas/csv.fixtures";
import { atPath, hasHorizontalOverflow, hidden, loginAs, openMenu, screenshot, startEnv, trackErrors, visible, type E2EEnv, chooseOption, bannerWith } from "./support";
import { linkTo } from "../../src/custom-pages/screens";

let env: E2EEnv;
let token: string;
let tmp: string;
let clienteId: number;
let quoteId: number;

const CLIENTE = "Constructora Andina SpA";
const NUMERO = "OT-2001";
const OBRA = "Edificio Los Álamos";

interface PautaRow {
  id: number;
  codigo: string;
  producto: string;
  cantidad: number;
  cantidad_original: number;
  separado: boolean;
}

async function pautas(category: string): Promise<PautaRow[]> {
  const res = await env.api<PautaRow[]>("GET", `/api/ot_pautas/${category}?cliente_id=${clienteId}&presupuesto_id=${quoteId}`, { token });
  expect(res.status).toBe(200);
  return res.body;
}

/** The CSV the window-design program exports, as ISO-8859-1 bytes in a real file. */
async function writeCsv(): Promise<string> {
  const text = [
    `Proyecto;${OBRA};;;`,
    "",
    "Profiles;;;;;;;;;;;",
    HEADER_LINE,
    dataLine("10001", "Perfil marco corredera", "23,2"),
    dataLine("10002", "Hoja corredera línea 25", "11,6"),
    dataLine("10001", "Perfil marco corredera", "0,1"),
    dataLine("1234", "Código corto", "5"),
    "Glass;;;;;;;;;;;",
    HEADER_LINE,
    dataLine("70001", "Termopanel 4-12-4", "1,65"),
    "Hardware;;;;;;;;;;;",
    dataLine("40001", "Cierre embutido ñandú", "6"),
    "sólo;tres;columnas",
    "",
  ].join("\r\n");
  const file = path.join(tmp, "pauta-los-alamos.csv");
  await writeFile(file, latin1(text));
  return file;
}

beforeAll(async () => {
  env = await startEnv();
  tmp = await mkdtemp(path.join(tmpdir(), "ventanal-pautas-"));
  token = await env.tokenFor(env.users["Oficina Técnica"].correo, env.users["Oficina Técnica"].contrasena);
  const admin = env.adminToken;
  const c = await env.api<{ id: number }>("POST", "/api/clientes", { token: admin, body: { nombre: CLIENTE, rut: "76.086.428-5" } });
  clienteId = c.body.id;
  const q = await env.api<{ id: number }>("POST", "/api/presupuestos", { token: admin, body: { numero: NUMERO, cliente_id: clienteId, nombre_obra: OBRA } });
  quoteId = q.body.id;
  for (const [codigo, producto] of [
    ["70001", "Termopanel 4-12-4"],
    ["70002", "Vidrio float 4 mm"],
    ["10001", "Perfil marco corredera"],
  ]) {
    const m = await env.api("POST", "/api/materiales", { token: admin, body: { codigo, producto } });
    expect(m.status).toBe(201);
  }
});

afterAll(async () => {
  await env?.stop();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe("Pautas de Materiales", () => {
  it("adds by hand, loads a CSV with its preview, saves everything, reloads, edits a quantity and deletes a line", async () => {
    const page = await env.newPage();
    const errors = trackErrors(page);
    await loginAs(page, env, "Oficina Técnica");
    await openMenu(page, "Oficina Técnica", "Pautas de Materiales");
    await atPath(page, linkTo("ot-pautas"));
    await visible(page.getByRole("heading", { name: "Pautas de Materiales" }));

    // Nothing chosen: the section 5 message, nothing sent.
    await page.getByRole("button", { name: "Guardar TODO" }).click();
    await visible(bannerWith(page, "Seleccione cliente, presupuesto y agregue ítems."));

    await chooseOption(page, "Cliente", CLIENTE, "andina");
    await chooseOption(page, "Presupuesto", `#${NUMERO} - ${OBRA}`);

    // By hand: category Vidrio; the code picker fills the product.
    await chooseOption(page, "Categoría", "Vidrio");
    await page.getByLabel("Código", { exact: true }).fill("7000");
    await page.locator(".ant-select-dropdown:visible .ant-select-item-option").filter({ hasText: "70001 — Termopanel 4-12-4" }).click();
    await expect.poll(() => page.getByLabel("Producto", { exact: true }).inputValue()).toBe("Termopanel 4-12-4");
    // "Añadir" without a quantity: refused.
    await page.getByRole("button", { name: "Añadir" }).click();
    await visible(page.getByRole("alert").filter({ hasText: "Ingrese código, producto y una cantidad mayor que 0." }));
    await page.getByLabel("Cantidad", { exact: true }).fill("2");
    await page.getByRole("button", { name: "Añadir" }).click();
    const vidrio = page.getByRole("region", { name: "Lista Vidrio" });
    await visible(vidrio.getByRole("cell", { name: "70001", exact: true }));
    expect(await page.getByLabel("Código", { exact: true }).inputValue()).toBe("");

    // The CSV file (ISO-8859-1): preview per category and the skipped lines with their reason.
    await page.locator("input[type=file]").setInputFiles(await writeCsv());
    const preview = page.locator(".ant-card").filter({ hasText: "Vista previa del CSV: pauta-los-alamos.csv" });
    await visible(preview);
    await visible(preview.getByText("Perfiles: 2 código(s)"));
    await visible(preview.getByText("Vidrio: 1 código(s)"));
    await visible(preview.getByText("Herraje: 1 código(s)"));
    await preview.getByText("Líneas omitidas: 3").click();
    await visible(preview.getByText("El código de la columna 5 («1234») no empieza con 5 dígitos."));
    await visible(preview.getByText("Tiene 3 columna(s); se necesitan al menos 11."));
    await preview.getByText("Perfiles: 2 código(s)").click();
    await visible(preview.getByRole("cell", { name: "Hoja corredera línea 25" }));
    await screenshot(page, "pautas-csv-preview-1280");
    await preview.getByRole("button", { name: "Agregar a las listas" }).click();
    await hidden(preview);

    // The lists: 23,2 + 0,1 m of 10001 → 5 bars; the file's 1,65 m² of 70001 (⌈1,65⌉ = 2) added to the 2 typed → 4.
    const perfiles = page.getByRole("region", { name: "Lista Perfiles" });
    await visible(perfiles.locator("tr").filter({ hasText: "10001" }).getByRole("cell", { name: "23,3", exact: true }));
    expect(await perfiles.getByLabel("Barras Perfiles 10001").inputValue()).toBe("5");
    expect(await vidrio.getByLabel("Cantidad Vidrio 70001").inputValue()).toBe("4");
    await visible(page.getByRole("region", { name: "Lista Herraje" }).getByRole("cell", { name: "Cierre embutido ñandú" }));
    // An edit in the list: 10002 from 2 bars (11,6 m) to 3 bars, stored as typed.
    expect(await perfiles.getByLabel("Barras Perfiles 10002").inputValue()).toBe("2");
    await perfiles.getByLabel("Barras Perfiles 10002").fill("3");
    await perfiles.getByLabel("Barras Perfiles 10002").press("Enter");
    await expect.poll(() => perfiles.getByLabel("Barras Perfiles 10002").inputValue()).toBe("3");
    await screenshot(page, "pautas-listas-1280");

    // Guardar TODO: one call for every category, with an Idempotency-Key.
    const sent: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && new URL(r.url()).pathname.startsWith("/api/ot_pautas")) sent.push(`${new URL(r.url()).pathname} ${r.headers()["idempotency-key"] ? "con clave" : "sin clave"}`);
    });
    await page.getByRole("button", { name: "Guardar TODO" }).click();
    await visible(bannerWith(page, "Pauta guardada con éxito."));
    expect(sent).toEqual(["/api/ot_pautas/lote con clave"]);
    await visible(page.getByText("Aún no hay ítems en las listas."));
    await hidden(bannerWith(page, "Pauta guardada con éxito."), 5000);

    expect(await pautas("perfiles")).toMatchObject([
      { codigo: "10001", cantidad: 5, cantidad_original: 23.3 },
      // 3 bars typed count 17,4 m as their original.
      { codigo: "10002", cantidad: 3, cantidad_original: 17.4, producto: "Hoja corredera línea 25" },
    ]);
    expect(await pautas("vidrio")).toMatchObject([{ codigo: "70001", cantidad: 4, cantidad_original: 3.65 }]);
    expect(await pautas("herraje")).toMatchObject([{ codigo: "40001", cantidad: 6, producto: "Cierre embutido ñandú" }]);

    // Ver Pautas Cargadas: what the server holds.
    await page.getByRole("button", { name: "Ver Pautas Cargadas" }).click();
    const saved = page.locator(".ant-card").filter({ hasText: `Pautas cargadas: #${NUMERO} - ${OBRA}` });
    await visible(saved);
    const savedPerfiles = saved.getByRole("region", { name: "Pautas cargadas Perfiles" });
    expect(await savedPerfiles.getByLabel("Cantidad guardada Perfiles 10002").inputValue()).toBe("3");
    // Quantity edit: 3 → 4 bars.
    await savedPerfiles.getByLabel("Cantidad guardada Perfiles 10002").fill("4");
    await savedPerfiles.getByRole("button", { name: "Actualizar Perfiles 10002" }).click();
    await visible(bannerWith(page, "Cantidad actualizada con éxito."));
    expect((await pautas("perfiles")).find((l) => l.codigo === "10002")).toMatchObject({ cantidad: 4, cantidad_original: 17.4 });
    await hidden(bannerWith(page, "Cantidad actualizada con éxito."), 5000);
    // A failed update says so (and the message goes away after 3 s).
    await page.route("**/api/ot_pautas/perfiles/*", (route) => (route.request().method() === "PUT" ? route.fulfill({ status: 500, body: "{}" }) : route.continue()));
    await savedPerfiles.getByLabel("Cantidad guardada Perfiles 10001").fill("6");
    await savedPerfiles.getByRole("button", { name: "Actualizar Perfiles 10001" }).click();
    await visible(bannerWith(page, "❌ Error al actualizar cantidad."));
    await expect.poll(() => savedPerfiles.getByLabel("Cantidad guardada Perfiles 10001").inputValue()).toBe("5");
    await page.unroute("**/api/ot_pautas/perfiles/*");
    await hidden(bannerWith(page, "❌ Error al actualizar cantidad."), 5000);
    expect((await pautas("perfiles")).find((l) => l.codigo === "10001")).toMatchObject({ cantidad: 5 });

    // Delete a line (with confirmation).
    const savedHerraje = saved.getByRole("region", { name: "Pautas cargadas Herraje" });
    await savedHerraje.getByRole("button", { name: "Eliminar Herraje 40001" }).click();
    await page.locator(".ant-popconfirm:visible").getByRole("button", { name: "Eliminar" }).click();
    await hidden(savedHerraje);
    expect(await pautas("herraje")).toEqual([]);
    await screenshot(page, "pautas-cargadas-1280");

    const narrow = await env.newPage({ width: 390, height: 844 });
    await loginAs(narrow, env, "Oficina Técnica");
    await narrow.goto(`${linkTo("ot-pautas")}?presupuesto=${quoteId}`);
    await visible(narrow.getByRole("heading", { name: "Pautas de Materiales" }));
    await narrow.getByRole("button", { name: "Ver Pautas Cargadas" }).click();
    await visible(narrow.getByRole("region", { name: "Pautas cargadas Perfiles" }));
    await narrow.locator("input[type=file]").setInputFiles(await writeCsv());
    await visible(narrow.getByText("Vista previa del CSV: pauta-los-alamos.csv"));
    await narrow.getByRole("button", { name: "Agregar a las listas" }).click();
    await visible(narrow.getByRole("region", { name: "Lista Perfiles" }));
    await screenshot(narrow, "pautas-390");
    expect(await hasHorizontalOverflow(narrow)).toBe(false);
    expect(errors.filter((e) => !e.includes("500") && !e.includes("Error al actualizar cantidad"))).toEqual([]);
  });
});

describe("Stock reservado por OT", () => {
  it("lists the active work with a table per category and saves «Separado» at once (a failure puts the box back)", async () => {
    const page = await env.newPage();
    const errors = trackErrors(page);
    await loginAs(page, env, "Bodega");
    await openMenu(page, "Bodega", "Stock reservado por OT");
    await atPath(page, linkTo("stock-reservado"));
    await visible(page.getByRole("heading", { name: "Stock reservado por OT" }));
    const work = page.locator(".ant-card").filter({ hasText: `#${NUMERO} - ${OBRA}` });
    await visible(work);
    await visible(work.getByText(CLIENTE));
    await visible(work.getByRole("region", { name: `Perfiles ${NUMERO}` }));
    await visible(work.getByRole("region", { name: `Vidrio ${NUMERO}` }));
    await visible(work.getByText("0/3 separados"));

    const box = work.getByLabel(`Separado Perfiles 10001 ${NUMERO}`);
    await box.check();
    await visible(work.getByText("1/3 separados"));
    await expect.poll(async () => (await pautas("perfiles")).find((l) => l.codigo === "10001")?.separado).toBe(true);

    // The server refuses: the box goes back and the screen says so. The refusal is held until
    // the box shows checked (else it may come back before `check()` sees the box change).
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/stock-reservado/**", async (route) => {
      if (route.request().method() !== "PATCH") return route.continue();
      await held;
      return route.fulfill({ status: 500, body: "{}" });
    });
    const glass = work.getByLabel(`Separado Vidrio 70001 ${NUMERO}`);
    await glass.check();
    release();
    await visible(bannerWith(page, "No se pudo guardar «Separado» de 70001. Intente nuevamente."));
    await expect.poll(() => glass.isChecked()).toBe(false);
    await page.unroute("**/api/stock-reservado/**");
    expect((await pautas("vidrio"))[0].separado).toBe(false);

    // Search on the server.
    await page.getByLabel("Buscar obra").fill("no existe ninguna");
    await visible(page.getByText("No hay obras activas que coincidan con la búsqueda."));
    await page.getByLabel("Buscar obra").fill("70001");
    await visible(work);
    await screenshot(page, "stock-reservado-1280");

    const narrow = await env.newPage({ width: 390, height: 844 });
    await loginAs(narrow, env, "Bodega");
    await narrow.goto(linkTo("stock-reservado"));
    await visible(narrow.locator(".ant-card").filter({ hasText: `#${NUMERO} - ${OBRA}` }));
    await screenshot(narrow, "stock-reservado-390");
    expect(await hasHorizontalOverflow(narrow)).toBe(false);
    expect(errors.filter((e) => !e.includes("500") && !e.includes("separado"))).toEqual([]);
  });

  it("23.10 pauta quantities: refuerzos added by hand with «Añadir» are saved as typed (7 → 7; 6 + 4 → 10), not converted to bars", async () => {
    const admin = env.adminToken;
    expect((await env.api("POST", "/api/materiales", { token: admin, body: { codigo: "20001", producto: "Refuerzo acero galvanizado" } })).status).toBe(201);
    const otra = await env.api<{ id: number }>("POST", "/api/presupuestos", { token: admin, body: { numero: "OT-2002", cliente_id: clienteId, nombre_obra: "Casa Quilpué" } });
    const page = await env.newPage();
    const errors = trackErrors(page);
    await loginAs(page, env, "Oficina Técnica");
    await page.goto(linkTo("ot-pautas"));
    await chooseOption(page, "Cliente", CLIENTE, "andina");
    await chooseOption(page, "Presupuesto", "#OT-2002 - Casa Quilpué");
    await chooseOption(page, "Categoría", "Refuerzos");
    const add = async (codigo: string, producto: string, qty: string) => {
      await page.getByLabel("Código", { exact: true }).fill(codigo.slice(0, 4));
      await page.locator(".ant-select-dropdown:visible .ant-select-item-option").filter({ hasText: `${codigo} — ${producto}` }).click();
      await expect.poll(() => page.getByLabel("Producto", { exact: true }).inputValue()).toBe(producto);
      await page.getByLabel("Cantidad", { exact: true }).fill(qty);
      await page.getByRole("button", { name: "Añadir" }).click();
    };
    await add("20001", "Refuerzo acero galvanizado", "7");
    const refuerzos = page.getByRole("region", { name: "Lista Refuerzos" });
    await expect.poll(() => refuerzos.getByLabel("Barras Refuerzos 20001").inputValue()).toBe("7");
    await chooseOption(page, "Categoría", "Perfiles");
    await add("10001", "Perfil marco corredera", "6");
    await add("10001", "Perfil marco corredera", "4");
    const perfiles = page.getByRole("region", { name: "Lista Perfiles" });
    await expect.poll(() => perfiles.getByLabel("Barras Perfiles 10001").inputValue()).toBe("10");
    await screenshot(page, "pautas-a-mano-1280");
    await page.getByRole("button", { name: "Guardar TODO" }).click();
    await visible(bannerWith(page, "Pauta guardada con éxito."));
    const saved = async (category: string) =>
      (await env.api<PautaRow[]>("GET", `/api/ot_pautas/${category}?cliente_id=${clienteId}&presupuesto_id=${otra.body.id}`, { token })).body;
    expect(await saved("refuerzos")).toMatchObject([{ codigo: "20001", cantidad: 7 }]);
    expect(await saved("perfiles")).toMatchObject([{ codigo: "10001", cantidad: 10 }]);
    // Stock reservado por OT (and every other reader) shows the quantity stored.
    const inv = await env.api<Array<{ stock_reservado: number }>>("GET", "/api/inventario?codigo=20001", { token: admin });
    expect(inv.body[0].stock_reservado).toBe(7);
    expect(errors).toEqual([]);
  });
});
