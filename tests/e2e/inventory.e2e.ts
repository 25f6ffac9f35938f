// Inventory through the browser, as the warehouse and purchasing work: Stock Actual
// (filters, reservations on expansion, the kardex with its Excel export, Faltantes and
// "Crear OC"), Salidas de Material (an exit, a refusal beyond stock), Ajuste de Stock
// (a count and a rename), and a warehouse request sent and approved. Every step goes
// through visible Spanish labels; results are checked through the API.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { atPath, hasHorizontalOverflow, hidden, loginAs, openMenu, screenshot, startEnv, trackErrors, visible, type E2EEnv, chooseOption, bannerWith } from "./support";
import { linkTo } from "../../src/custom-pages/screens";

let env: E2EEnv;
let admin: string;
let clienteId: number;
let quoteId: number;

const CLIENTE = "Constructora Andina SpA";
const NUMERO = "OT-3001";
const OBRA = "Edificio Los Álamos";

interface Inv {
  codigo: string;
  producto: string;
  stock_actual: number;
  stock_reservado: number;
  stock_disponible: number;
}

async function inventario(codigo: string): Promise<Inv> {
  const res = await env.api<Inv[]>("GET", `/api/inventario?codigo=${codigo}`, { token: admin });
  return res.body[0];
}

beforeAll(async () => {
  env = await startEnv();
  admin = env.adminToken;
  clienteId = (await env.api<{ id: number }>("POST", "/api/clientes", { token: admin, body: { nombre: CLIENTE, rut: "76.086.428-5" } })).body.id;
  quoteId = (await env.api<{ id: number }>("POST", "/api/presupuestos", { token: admin, body: { numero: NUMERO, cliente_id: clienteId, nombre_obra: OBRA } })).body.id;
  for (const [codigo, producto, minimo] of [
    ["10001", "Perfil marco corredera", 5],
    ["10002", "Burlete EPDM negro", 0],
    ["10003", "Tornillo autoperforante 8x1", 100],
    ["10004", "Manilla sin stock", 0],
  ] as const) {
    expect((await env.api("POST", "/api/materiales", { token: admin, body: { codigo, producto, precio_unitario: 1000, stock_minimo: minimo } })).status).toBe(201);
  }
  for (const [codigo, diferencia] of [
    ["10001", 20],
    ["10002", 4],
    ["10003", 50],
  ] as const) {
    expect((await env.api("POST", "/api/ajuste_stock", { token: admin, body: { codigo, diferencia } })).status).toBe(201);
  }
  // The work needs 12 of 10001 and 10 of 10002 (the latter is short by 6).
  const lote = await env.api("POST", "/api/ot_pautas/accesorios/lote", {
    token: admin,
    body: {
      cliente_id: clienteId,
      presupuesto_id: quoteId,
      numero_presupuesto: NUMERO,
      items: [
        { codigo: "10001", producto: "Perfil marco corredera", cantidad_original: 12 },
        { codigo: "10002", producto: "Burlete EPDM negro", cantidad_original: 10 },
      ],
    },
  });
  expect(lote.status).toBe(201);
});

afterAll(async () => {
  await env?.stop();
});

describe("Stock Actual", () => {
  it("filters, expands a product's reservations, opens its kardex and exports it, and lists the shortages for Crear OC", async () => {
    const page = await env.newPage();
    const errors = trackErrors(page);
    await loginAs(page, env, "Bodega");
    await openMenu(page, "Bodega", "Stock Actual");
    await atPath(page, linkTo("stock-actual"));
    await visible(page.getByRole("heading", { name: "Stock Actual" }));
    const row = (codigo: string) => page.locator("tr.vt-stock-row").filter({ hasText: codigo });
    await visible(row("10001"));
    // Reserved first; the product with stock 0 is hidden until the checkbox is on.
    await visible(row("10002"));
    expect(await row("10004").count()).toBe(0);
    await page.getByLabel("Mostrar productos con stock 0").check();
    await visible(row("10004"));
    await page.getByLabel("Mostrar productos con stock 0").uncheck();
    await hidden(row("10004"));
    // Highlight and figures: 10002 has 4, 10 reserved, −6 available.
    await visible(page.locator("tr.vt-row-reservado").filter({ hasText: "Burlete EPDM negro" }));
    await visible(row("10003").getByText("Bajo Stock"));
    // The legend says what the colours mean; a product below its minimum has its own.
    const legend = page.getByRole("list", { name: "Leyenda de colores" });
    await visible(legend.getByText("Con reservas"));
    await visible(legend.getByText("Bajo el mínimo"));
    expect(await row("10003").getAttribute("class")).toContain("vt-row-bajo-minimo");
    await page.getByLabel("Solo Bajo Stock").check();
    await hidden(row("10001"));
    await visible(row("10003"));
    await page.getByLabel("Solo Bajo Stock").uncheck();
    await page.getByLabel("Filtrar por código o producto").fill("burlete");
    await hidden(row("10001"));
    await page.getByLabel("Filtrar por código o producto").fill("");
    await visible(row("10001"));

    // A row click expands the active reservations (client, quote, work, quantity).
    await row("10001").click();
    const expanded = page.locator("tr.ant-table-expanded-row").first();
    await visible(expanded.getByRole("cell", { name: CLIENTE, exact: true }));
    await visible(expanded.getByRole("cell", { name: OBRA, exact: true }));
    await visible(expanded.getByRole("cell", { name: "12", exact: true }));
    await row("10003").click();
    await visible(page.getByText("No hay reservas activas para este producto."));
    // antd speaks Spanish too (its locale was once lost to a CommonJS import: "50 / page").
    await visible(page.getByText("50 / página"));
    await screenshot(page, "stock-actual-1280");

    // The kardex: why stock is what it is; the Excel export downloads a file.
    await row("10001").getByRole("button", { name: "Kardex 10001" }).click();
    const drawer = page.locator(".ant-drawer").filter({ hasText: "Kardex 10001 — Perfil marco corredera" });
    await visible(drawer.getByRole("cell", { name: /Ajuste \d+/ }));
    await visible(drawer.getByText("Ajuste", { exact: true }));
    const [download] = await Promise.all([page.waitForEvent("download"), drawer.getByRole("button", { name: "Exportar Excel" }).click()]);
    expect(download.suggestedFilename()).toBe("Kardex_10001.xlsx");
    await screenshot(page, "stock-actual-kardex-1280");
    await page.keyboard.press("Escape");
    await hidden(drawer);

    // Faltantes: 10002 (works need 6 beyond stock), 10003 (below its minimum), 10001 (3 available, minimum 5).
    await page.getByRole("tab", { name: "Faltantes" }).click();
    const faltantes = page.getByRole("table").filter({ hasText: "A comprar" });
    await visible(faltantes.getByRole("cell", { name: "Burlete EPDM negro" }));
    await visible(faltantes.getByText(`#${NUMERO} - ${OBRA} (${CLIENTE}): 10`));
    await screenshot(page, "stock-actual-faltantes-1280");
    // Orders are Adquisiciones' to write: the warehouse is told so instead of a button it could not use.
    await visible(page.getByText("Adquisiciones crea las órdenes de compra de estos faltantes."));
    await hidden(page.getByRole("button", { name: "Crear OC" }));

    const buyer = await env.newPage();
    const buyerErrors = trackErrors(buyer);
    await loginAs(buyer, env, "Adquisiciones");
    await buyer.goto(linkTo("stock-actual"));
    await buyer.getByRole("tab", { name: "Faltantes" }).click();
    const shortages = buyer.getByRole("table").filter({ hasText: "A comprar" });
    await visible(shortages.getByRole("cell", { name: "Burlete EPDM negro" }));
    await shortages.locator("tr").filter({ hasText: "Burlete EPDM negro" }).getByRole("checkbox").check();
    await shortages.locator("tr").filter({ hasText: "Tornillo autoperforante" }).getByRole("checkbox").check();
    await buyer.getByRole("button", { name: "Crear OC" }).click();
    await atPath(buyer, linkTo("crear-oc"));
    expect(new URL(buyer.url()).searchParams.get("faltantes")).toBe("10002:6,10003:50");
    await visible(buyer.getByRole("heading", { name: "Crear Orden de Compra" }));

    const narrow = await env.newPage({ width: 390, height: 844 });
    await loginAs(narrow, env, "Bodega");
    await narrow.goto(linkTo("stock-actual"));
    // On a phone each product is a card: stock, reserved, available and its Kardex.
    const card = narrow.getByRole("listitem").filter({ hasText: "10001" });
    await visible(card.getByRole("button", { name: "Kardex 10001" }));
    await visible(card.getByText("Disponible"));
    await screenshot(narrow, "stock-actual-390");
    expect(await hasHorizontalOverflow(narrow)).toBe(false);
    expect(errors).toEqual([]);
    expect(buyerErrors).toEqual([]);
  });
});

describe("Salidas de Material", () => {
  it("registers an exit to a work and refuses one beyond stock with the server's reason", async () => {
    const page = await env.newPage();
    const errors = trackErrors(page);
    await loginAs(page, env, "Bodega");
    await openMenu(page, "Bodega", "Salidas de Material");
    await atPath(page, linkTo("salidas"));
    await visible(page.getByRole("heading", { name: "Salidas de Material" }));

    await page.getByRole("button", { name: "Cargar salida" }).click();
    await visible(bannerWith(page, "Completa todos los campos requeridos."));

    await page.getByLabel("Código", { exact: true }).fill("1000");
    await page.locator(".ant-select-dropdown:visible .ant-select-item-option").filter({ hasText: "10001 — Perfil marco corredera" }).click();
    await expect.poll(() => page.getByLabel("Producto", { exact: true }).inputValue()).toBe("Perfil marco corredera");
    await page.getByLabel("Cantidad de salida").fill("2,5");
    await chooseOption(page, "Cliente", CLIENTE, "andina");
    await chooseOption(page, "Presupuesto", `#${NUMERO} - ${OBRA}`);
    await page.getByLabel("Observaciones").fill("Retira Juan");
    // The screen sends only what the exit is; the names shown come from the server.
    const posted = page.waitForRequest((r) => r.method() === "POST" && r.url().endsWith("/api/registro_salida"));
    await page.getByRole("button", { name: "Cargar salida" }).click();
    expect(Object.keys((await posted).postDataJSON() as object).sort()).toEqual(["cantidad_salida", "cliente_id", "codigo", "observacion", "presupuesto_id"]);
    await visible(bannerWith(page, "Salida registrada correctamente."));
    const history = page.getByRole("table").filter({ hasText: "Precio neto" });
    const row = history.locator("tr").filter({ hasText: "Perfil marco corredera" });
    await visible(row.getByRole("cell", { name: "2,5", exact: true }));
    await visible(row.filter({ hasText: OBRA }).filter({ hasText: NUMERO }).filter({ hasText: CLIENTE }));
    expect(await inventario("10001")).toMatchObject({ stock_actual: 17.5, stock_reservado: 9.5 });

    // The answer is lost after the server wrote the exit: the retry sends the same
    // Idempotency-Key and gets the first answer; the material leaves once.
    await hidden(bannerWith(page, "Salida registrada correctamente."), 5000);
    const keys: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().endsWith("/api/registro_salida")) keys.push(r.headers()["idempotency-key"] ?? "");
    });
    await page.route(
      "**/api/registro_salida",
      async (route) => {
        await route.fetch();
        await route.abort("connectionreset");
      },
      { times: 1 },
    );
    await page.getByLabel("Código", { exact: true }).fill("10001");
    await page.getByLabel("Código", { exact: true }).blur();
    await expect.poll(() => page.getByLabel("Producto", { exact: true }).inputValue()).toBe("Perfil marco corredera");
    await page.getByLabel("Cantidad de salida").fill("1");
    await page.getByRole("button", { name: "Cargar salida" }).click();
    await visible(bannerWith(page, "Salida registrada correctamente."));
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(new Set(keys).size).toBe(1);
    expect((await inventario("10001")).stock_actual).toBe(16.5);

    // Beyond stock: the error banner with the server's reason; nothing moves.
    await page.getByLabel("Código", { exact: true }).fill("10002");
    await page.getByLabel("Código", { exact: true }).blur();
    await expect.poll(() => page.getByLabel("Producto", { exact: true }).inputValue()).toBe("Burlete EPDM negro");
    await page.getByLabel("Cantidad de salida").fill("5");
    await page.getByRole("button", { name: "Cargar salida" }).click();
    await visible(bannerWith(page, "Error al registrar salida."));
    await visible(page.getByText("Stock insuficiente para 10002: hay 4"));
    expect((await inventario("10002")).stock_actual).toBe(4);
    await screenshot(page, "salidas-1280");

    const narrow = await env.newPage({ width: 390, height: 844 });
    await loginAs(narrow, env, "Bodega");
    await narrow.goto(linkTo("salidas"));
    await visible(narrow.getByRole("button", { name: "Cargar salida" }));
    await screenshot(narrow, "salidas-390");
    expect(await hasHorizontalOverflow(narrow)).toBe(false);
    expect(errors.filter((e) => !e.includes("409") && !e.includes("ERR_CONNECTION_RESET"))).toEqual([]);
  });
});

describe("Ajuste de Stock", () => {
  it("adjusts to the counted stock with the acting user and renames a product", async () => {
    const page = await env.newPage();
    const errors = trackErrors(page);
    const user = await loginAs(page, env, "Bodega");
    await openMenu(page, "Bodega", "Ajuste de Stock");
    await atPath(page, linkTo("ajuste-stock"));
    await visible(page.getByRole("heading", { name: "Ajuste de Stock/Inventario" }));
    await page.getByLabel("Buscar producto").fill("tornillo");
    const real = page.getByLabel("Stock Real 10003");
    await visible(real);
    const ajustar = page.getByRole("button", { name: "Ajustar 10003" });
    expect(await ajustar.isDisabled()).toBe(true);
    await real.fill("50");
    expect(await ajustar.isDisabled()).toBe(true); // difference 0
    await real.fill("abc");
    expect(await ajustar.isDisabled()).toBe(true);
    await real.fill("47");
    await visible(page.getByText("-3", { exact: true }));
    await ajustar.click();
    await visible(bannerWith(page, "✅ Ajuste realizado por -3 unidad(es)"));
    await visible(page.getByText(`Ajuste de -3 por ${user.nombre}`));
    expect((await inventario("10003")).stock_actual).toBe(47);
    const last = await env.api<Array<{ codigo: string; usuario: string; diferencia: number }>>("GET", "/api/ajuste_stock?codigo=10003", { token: admin });
    expect(last.body[0]).toMatchObject({ usuario: user.nombre, diferencia: -3 });

    // Rename: empty is refused; a new name is saved.
    const name = page.getByLabel("Producto 10003");
    await name.fill("  ");
    await page.getByRole("button", { name: "Guardar nombre 10003" }).click();
    await visible(bannerWith(page, "El nombre no puede estar vacío."));
    await name.fill("Tornillo autoperforante 8x1 zincado");
    await page.getByRole("button", { name: "Guardar nombre 10003" }).click();
    await visible(bannerWith(page, "✅ Nombre de producto actualizado."));
    expect((await inventario("10003")).producto).toBe("Tornillo autoperforante 8x1 zincado");
    await screenshot(page, "ajuste-stock-1280");

    const narrow = await env.newPage({ width: 390, height: 844 });
    await loginAs(narrow, env, "Bodega");
    await narrow.goto(linkTo("ajuste-stock"));
    await visible(narrow.getByLabel("Stock Real 10001"));
    await screenshot(narrow, "ajuste-stock-390");
    expect(await hasHorizontalOverflow(narrow)).toBe(false);
    expect(errors).toEqual([]);
  });
});

describe("Ajuste de Stock against a stock that changed", () => {
  it("23.3 a count made against a stock that changed meanwhile is refused, the row reloads and the count is cleared", async () => {
    const page = await env.newPage();
    const errors = trackErrors(page);
    await loginAs(page, env, "Bodega");
    await page.goto(linkTo("ajuste-stock"));
    // The search's answer is in before the other person adjusts: 10002 is also on the first
    // page of the unfiltered list, and a search answered after that adjustment would show the
    // new stock (the count would then be against it, and rightly applied).
    const searched = page.waitForResponse((r) => r.url().includes("inventario_join") && r.url().includes("q=burlete"));
    await page.getByLabel("Buscar producto").fill("burlete");
    await searched;
    const real = page.getByLabel("Stock Real 10002");
    await visible(real);
    const row = page.getByRole("row").filter({ has: real });
    const before = (await inventario("10002")).stock_actual;
    await expect.poll(() => row.getByRole("cell").nth(2).innerText()).toBe(String(before));
    // Someone else adjusts the same product while this person counts.
    expect((await env.api("POST", "/api/ajuste_stock", { token: admin, body: { codigo: "10002", diferencia: 3 } })).status).toBe(201);
    await real.fill(String(before + 2));
    await page.getByRole("button", { name: "Ajustar 10002" }).click();
    await visible(bannerWith(page, `El stock cambió mientras contaba: el stock de 10002 ahora es ${before + 3} (usted vio ${before}), vuelva a contar`));
    await expect.poll(() => row.getByRole("cell").nth(2).innerText()).toBe(String(before + 3));
    await expect.poll(() => real.inputValue()).toBe("");
    expect((await inventario("10002")).stock_actual).toBe(before + 3);
    await screenshot(page, "ajuste-stock-conflicto-1280");
    // Counted again against the stock shown now: applied.
    await real.fill(String(before + 1));
    await page.getByRole("button", { name: "Ajustar 10002" }).click();
    await visible(bannerWith(page, "✅ Ajuste realizado por -2 unidad(es)"));
    expect((await inventario("10002")).stock_actual).toBe(before + 1);
    expect(errors.filter((e) => !e.includes("409"))).toEqual([]);
  });
});

describe("Solicitudes de bodega", () => {
  it("the warehouse sends a request of two items; purchasing approves one, and can revert it", async () => {
    const page = await env.newPage();
    const errors = trackErrors(page);
    await loginAs(page, env, "Bodega");
    await openMenu(page, "Bodega", "Solicitud de materiales a OT");
    await atPath(page, linkTo("crear-solicitud-bodega"));
    await visible(page.getByRole("heading", { name: "Solicitud de materiales a OT" }));
    await page.getByLabel("Código", { exact: true }).fill("10001");
    await page.getByLabel("Código", { exact: true }).blur();
    await expect.poll(() => page.getByLabel("Producto", { exact: true }).inputValue()).toBe("Perfil marco corredera");
    await page.getByLabel("Cantidad", { exact: true }).fill("0");
    await page.getByRole("button", { name: "Agregar a la lista" }).click();
    await visible(page.getByText("Mínimo 1"));
    await page.getByLabel("Cantidad", { exact: true }).fill("3");
    await page.getByRole("button", { name: "Agregar a la lista" }).click();
    const items = page.getByRole("table").filter({ hasText: "Solicitante" });
    await visible(items.getByRole("cell", { name: "Perfil marco corredera" }));
    await page.getByLabel("Código", { exact: true }).fill("10002");
    await page.getByLabel("Código", { exact: true }).blur();
    await expect.poll(() => page.getByLabel("Producto", { exact: true }).inputValue()).toBe("Burlete EPDM negro");
    await page.getByLabel("Cantidad", { exact: true }).fill("6");
    await page.getByRole("button", { name: "Agregar a la lista" }).click();
    await visible(items.getByRole("cell", { name: "Burlete EPDM negro" }));
    await screenshot(page, "crear-solicitud-1280");
    await page.getByRole("button", { name: "Enviar solicitud" }).click();
    await visible(bannerWith(page, "Solicitud enviada correctamente."));
    await visible(page.getByText("Aún no hay ítems en la solicitud."));
    const list = await env.api<Array<{ id: number; codigo: string; estado: string }>>("GET", "/api/solicitudes", { token: admin });
    expect(list.body.map((s) => [s.codigo, s.estado]).sort()).toEqual([
      ["10001", "Pendiente"],
      ["10002", "Pendiente"],
    ]);
    const id = list.body.find((s) => s.codigo === "10001")!.id;

    const buyer = await env.newPage();
    await loginAs(buyer, env, "Adquisiciones");
    await openMenu(buyer, "Adquisiciones", "Ver solicitudes de Bodega");
    await atPath(buyer, linkTo("bodega-solicitudes"));
    await visible(buyer.getByRole("heading", { name: "Ver solicitudes de Bodega" }));
    const box = buyer.getByLabel(`Aprobar solicitud ${id}`);
    await box.check();
    await expect.poll(async () => (await env.api<Array<{ id: number; estado: string; aprobado_por: string }>>("GET", `/api/solicitudes?id=${id}`, { token: admin })).body[0]).toMatchObject({
      estado: "Aprobado",
      aprobado_por: env.users.Adquisiciones.nombre,
    });
    // "Ver solo pendientes" on (default) hides it after a reload; off shows it approved.
    await buyer.reload();
    await visible(buyer.getByLabel(`Aprobar solicitud ${id + 1}`).or(buyer.getByLabel(`Aprobar solicitud ${id - 1}`)));
    expect(await buyer.getByLabel(`Aprobar solicitud ${id}`).count()).toBe(0);
    await buyer.getByRole("switch", { name: "Ver solo pendientes" }).click();
    await visible(buyer.getByLabel(`Aprobar solicitud ${id}`));
    expect(await buyer.getByLabel(`Aprobar solicitud ${id}`).isChecked()).toBe(true);
    await screenshot(buyer, "bodega-solicitudes-1280");
    await buyer.getByLabel(`Aprobar solicitud ${id}`).uncheck();
    await expect.poll(async () => (await env.api<Array<{ estado: string }>>("GET", `/api/solicitudes?id=${id}`, { token: admin })).body[0].estado).toBe("Pendiente");

    const narrow = await env.newPage({ width: 390, height: 844 });
    await loginAs(narrow, env, "Adquisiciones");
    await narrow.goto(linkTo("bodega-solicitudes"));
    await visible(narrow.getByRole("heading", { name: "Ver solicitudes de Bodega" }));
    await screenshot(narrow, "bodega-solicitudes-390");
    expect(await hasHorizontalOverflow(narrow)).toBe(false);
    expect(errors).toEqual([]);
  });
});

describe("Ajuste de Stock while the list is being read again", () => {
  it("a count saved while a search is under way shows in the searched list (the search read before the save does not hide it)", async () => {
    expect((await env.api("POST", "/api/materiales", { token: admin, body: { codigo: "10005", producto: "Sellador silicona neutra", precio_unitario: 4500, stock_minimo: 0 } })).status).toBe(201);
    expect((await env.api("POST", "/api/ajuste_stock", { token: admin, body: { codigo: "10005", diferencia: 12 } })).status).toBe(201);
    const page = await env.newPage();
    const errors = trackErrors(page);
    const user = await loginAs(page, env, "Bodega");
    await page.goto(linkTo("ajuste-stock"));
    const real = page.getByLabel("Stock Real 10005");
    await visible(real);
    // The person saves a count and at once searches for the product: the search is read
    // by the server before the save commits and its answer arrives after the save's.
    let searchRead!: () => void;
    const searchWasRead = new Promise<void>((resolve) => (searchRead = resolve));
    let saveAnswered!: () => void;
    const saveWasAnswered = new Promise<void>((resolve) => (saveAnswered = resolve));
    let held = false;
    await page.route("**/api/ajuste_stock/inventario_join?*", async (route) => {
      if (held || !route.request().url().includes("q=sellador")) return route.continue();
      held = true;
      const response = await route.fetch();
      searchRead();
      await saveWasAnswered;
      await route.fulfill({ response });
    });
    await page.route("**/api/ajuste_stock", async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      await searchWasRead;
      const response = await route.fetch();
      await route.fulfill({ response });
      saveAnswered();
    });
    await real.fill("9");
    await page.getByRole("button", { name: "Ajustar 10005" }).click();
    await page.getByLabel("Buscar producto").fill("sellador");
    await visible(bannerWith(page, "✅ Ajuste realizado por -3 unidad(es)"));
    const row = page.getByRole("row").filter({ has: page.getByLabel("Stock Real 10005") });
    await visible(row.getByText(`Ajuste de -3 por ${user.nombre}`));
    await expect.poll(() => row.getByRole("cell").nth(2).innerText()).toBe("9");
    expect((await inventario("10005")).stock_actual).toBe(9);
    expect(errors).toEqual([]);
  });
});
