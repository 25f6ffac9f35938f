// "Hoy" on the home page (issue 19): each role sees its own cards and not the others',
// each card's link opens the screen that resolves it, already filtered to those items;
// the cards are read again when the user comes back to the tab. Screenshots of three
// roles' homes at 1280 and 390 px. Data is made through the API.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { addDays, todayInSantiago } from "../../src/domain/dates/dates";
import { CARD_INFO, CARD_KEYS, ROLE_CARDS, monthOf, type CardKey } from "../../src/domain/hoy/rules";
import { INSTALADOR_EMPRESA } from "../../src/config/empresa";
import type { Role } from "../../src/domain/roles/roles";
import { atPath, hasHorizontalOverflow, loginAs, screenshot, startEnv, trackErrors, visible, type E2EEnv } from "./support";
import { linkTo } from "../../src/custom-pages/screens";

let env: E2EEnv;
const T = todayInSantiago();
const month = monthOf(T);

const cardOf = (page: Page, key: CardKey) => page.getByRole("region", { name: CARD_INFO[key].titulo, exact: true });
const countOf = async (page: Page, key: CardKey) => Number((await cardOf(page, key).locator(".vt-hoy__count strong").innerText()).replace(/\./g, ""));

async function openCardLink(page: Page, key: CardKey): Promise<void> {
  await page.goto("/");
  const card = await visible(cardOf(page, key));
  await card.getByRole("link", { name: `${CARD_INFO[key].enlace_texto}: ${CARD_INFO[key].titulo}` }).click();
}

beforeAll(async () => {
  env = await startEnv();
  const token = env.adminToken;
  const post = async <T = { id: number }>(url: string, body: unknown) => {
    const res = await env.api<T>("POST", url, { token, body });
    expect(res.status, `${url} ${JSON.stringify(res.body)}`).toBeLessThan(300);
    return res.body;
  };
  const cliente = (await post("/api/clientes", { nombre: "Constructora Hoy SpA" })).id;
  const q1 = (await post("/api/presupuestos", { numero: "HOY-1", cliente_id: cliente, nombre_obra: "Obra Saldo Pendiente", total_neto_presupuestado: 1_000_000 })).id;
  const q2 = (await post("/api/presupuestos", { numero: "HOY-2", cliente_id: cliente, nombre_obra: "Obra Sin Pauta", total_neto_presupuestado: 500_000 })).id;
  const q3 = (await post("/api/presupuestos", { numero: "HOY-3", cliente_id: cliente, nombre_obra: "Obra Con Pauta", total_neto_presupuestado: 300_000 })).id;
  const segs = (await env.api<{ id: number; presupuesto_id: number }[]>("GET", "/api/seguimiento_obras", { token })).body;
  const seg = (q: number) => segs.find((s) => s.presupuesto_id === q)!.id;
  for (const [q, campo] of [[q1, "presupuesto"], [q1, "recepcion_final"], [q2, "presupuesto"]] as const) {
    expect((await env.api("PUT", `/api/seguimiento_obras/${seg(q)}/toggle`, { token, body: { campo } })).status).toBe(200);
  }
  await post("/api/pagos_clientes", { cliente_id: cliente, presupuesto_id: q1, monto: 190_000 });
  await post("/api/facturas_guias", { proveedor: "Vidrios Atrasados Ltda.", numero_factura: "F-901", fecha: addDays(T, -40), dias_credito: 30, monto_neto: 100_000 });
  await post("/api/proveedores", { proveedor: "Aluminios Lentos SpA", dias_credito: 30 });
  await post("/api/materiales", { codigo: "HOY-01", producto: "Perfil Hoy", stock_minimo: 10 });
  await post("/api/ordenes_compra", {
    proveedor: "Aluminios Lentos SpA",
    fecha: addDays(T, -20),
    realizado_por: "Compras",
    cliente_id: cliente,
    numero_presupuesto: "HOY-2",
    items: [{ codigo: "HOY-01", producto: "Perfil Hoy", cantidad: 5, precio_unitario: 1000 }],
  });
  await post("/api/solicitudes", { codigo: "HOY-01", producto: "Perfil Hoy", cantidad: 3, solicitante: "Luis" });
  await post("/api/ot_pautas/perfiles/lote", { cliente_id: cliente, presupuesto_id: q3, numero_presupuesto: "HOY-3", items: [{ codigo: "HOY-01", producto: "Perfil Hoy", cantidad: 5.8 }] });
  await post("/api/taller/utv", { fecha: T, tipo: "PVC", doble_corredera: 2, instalador: INSTALADOR_EMPRESA });
  await post("/api/trabajadores", { periodo: month.anterior, nombre: "Pedro Soto" });
}, 120_000);
afterAll(() => env?.stop());

describe("Hoy on the home page", () => {
  it("each role sees its cards and not the others'", async () => {
    for (const rol of ["Gerencia", "Contabilidad", "Operaciones", "Bodega", "Adquisiciones", "Ventas", "Fábrica", "Informático"] as Role[]) {
      const page = await env.newPage();
      const errors = trackErrors(page);
      await loginAs(page, env, rol);
      const mine = ROLE_CARDS[rol];
      if (mine.length > 0) await visible(page.getByRole("heading", { name: "Hoy", exact: true }));
      else await page.waitForLoadState("networkidle");
      for (const key of CARD_KEYS) {
        const region = cardOf(page, key);
        if (mine.includes(key)) await visible(region);
        else expect(await region.count(), `${rol} no ve ${key}`).toBe(0);
      }
      // Spec 1 stays: greeting, tagline, version and footer.
      await visible(page.getByText("Sistema integrado de producción, inventario y administración"));
      await visible(page.getByText("v0.6b"));
      await visible(page.getByText("© 2025 Ventanal"));
      expect(errors).toEqual([]);
      await page.context().close();
    }
  }, 240_000);

  it("the cards count the seeded records", async () => {
    const page = await env.newPage();
    await loginAs(page, env, "Gerencia");
    await visible(cardOf(page, "saldos-clientes"));
    expect(await countOf(page, "saldos-clientes")).toBe(1);
    await visible(cardOf(page, "saldos-clientes").locator(".vt-hoy__amount").getByText("$1.000.000")); // 1.190.000 − 190.000
    expect(await countOf(page, "facturas-por-pagar")).toBe(1);
    expect(await countOf(page, "obras-sin-pauta")).toBe(1);
    expect(await countOf(page, "presupuestos-mes")).toBe(3);
    await page.context().close();
  }, 60_000);

  it("each card's link opens its screen already filtered to its items", async () => {
    const page = await env.newPage();
    await loginAs(page, env, "Gerencia");

    await openCardLink(page, "facturas-por-pagar");
    await atPath(page, linkTo("facturas-estado"));
    await visible(page.getByText("Filtro: Facturas vencidas y por vencer esta semana"));
    await visible(page.getByRole("cell", { name: "Vidrios Atrasados Ltda." }));
    await visible(page.getByText("1 documento", { exact: true }));

    await openCardLink(page, "aceptacion-sii");
    await atPath(page, "/RegistroComprasSII");
    await visible(page.getByText("Filtro: Facturas del SII por aceptar o reclamar"));
    await visible(page.getByRole("heading", { name: "Registro de Compras SII" }));

    await openCardLink(page, "saldos-clientes");
    await atPath(page, linkTo("pagos-clientes"));
    await visible(page.getByText("Obra Saldo Pendiente").first());

    await openCardLink(page, "obras-sin-pauta");
    await atPath(page, linkTo("seguimiento-obras"));
    await visible(page.getByText("Filtro: Obras aceptadas sin pauta"));
    await visible(page.getByText("Obra Sin Pauta").first());
    expect(await page.getByText("Obra Saldo Pendiente").count()).toBe(0);

    await openCardLink(page, "obras-detenidas");
    await visible(page.getByText("Filtro: Obras detenidas en una etapa"));
    await visible(page.getByText("No hay obras en seguimiento."));

    await openCardLink(page, "rectificaciones-vencidas");
    await visible(page.getByText("Filtro: Obras con la rectificación vencida"));

    await openCardLink(page, "margen-negativo");
    await atPath(page, linkTo("resumen-obras"));
    await visible(page.getByText("Filtro: Obras activas con costo de material sobre el neto presupuestado"));

    await openCardLink(page, "presupuestos-mes");
    await atPath(page, "/presupuestos");
    await visible(page.getByText("Filtro: Presupuestos de este mes"));
    await visible(page.getByRole("cell", { name: "#HOY-1", exact: true }));

    await openCardLink(page, "presupuestos-sin-items");
    await visible(page.getByText("Filtro: Presupuestos sin ítems"));
    await visible(page.getByRole("cell", { name: "#HOY-2", exact: true }));
    // "Quitar filtro" goes back to the whole list.
    await page.getByRole("button", { name: "Quitar filtro" }).click();
    await page.waitForURL((u) => !u.search.includes("filtro"));
    await page.context().close();

    const bodega = await env.newPage();
    await loginAs(bodega, env, "Bodega");
    expect(await countOf(bodega, "bajo-minimo")).toBe(1);
    expect(await countOf(bodega, "oc-atrasadas")).toBe(1);
    expect(await countOf(bodega, "faltantes")).toBe(1);
    expect(await countOf(bodega, "solicitudes-pendientes")).toBe(1);

    await openCardLink(bodega, "faltantes");
    await atPath(bodega, linkTo("stock-actual"));
    await visible(bodega.getByText("Filtro: Solo lo que piden las obras por sobre el stock disponible"));
    await visible(bodega.getByRole("cell", { name: "HOY-01", exact: true }));

    await openCardLink(bodega, "bajo-minimo");
    await visible(bodega.getByRole("checkbox", { name: "Solo Bajo Stock" }));
    expect(await bodega.getByRole("checkbox", { name: "Solo Bajo Stock" }).isChecked()).toBe(true);
    await visible(bodega.getByRole("cell", { name: "HOY-01", exact: true }));

    await openCardLink(bodega, "oc-atrasadas");
    await atPath(bodega, linkTo("oc-pendientes"));
    await visible(bodega.getByText("Filtro: Órdenes pendientes de más de 15 días"));
    await visible(bodega.getByRole("cell", { name: "Aluminios Lentos SpA" }).first());

    await openCardLink(bodega, "solicitudes-pendientes");
    await atPath(bodega, linkTo("bodega-solicitudes"));
    await visible(bodega.getByRole("cell", { name: "Perfil Hoy" }).first());
    await bodega.context().close();

    const fabrica = await env.newPage();
    await loginAs(fabrica, env, "Fábrica");
    expect(await countOf(fabrica, "utv-mes")).toBe(4);
    await visible(cardOf(fabrica, "utv-mes").getByText(INSTALADOR_EMPRESA));
    expect(await countOf(fabrica, "planilla-faltante")).toBe(1);
    await openCardLink(fabrica, "planilla-faltante");
    await atPath(fabrica, linkTo("trabajadores"));
    await openCardLink(fabrica, "utv-mes");
    await atPath(fabrica, linkTo("seguimiento-utv"));
    await fabrica.context().close();
  }, 240_000);

  it("the cards are read again when the user comes back to the tab", async () => {
    const page = await env.newPage();
    await loginAs(page, env, "Bodega");
    await visible(cardOf(page, "solicitudes-pendientes"));
    const before = await countOf(page, "solicitudes-pendientes");
    const res = await env.api("POST", "/api/solicitudes", { token: env.adminToken, body: { codigo: "HOY-01", producto: "Perfil Hoy", cantidad: 1, solicitante: "Ana" } });
    expect(res.status).toBe(201);
    // The tab becomes visible again (react-query listens to visibilitychange) and the window gets the focus.
    await page.evaluate(() => {
      document.dispatchEvent(new Event("visibilitychange"));
      window.dispatchEvent(new Event("focus"));
    });
    await page.waitForFunction(
      ([n]) => document.querySelector('[data-card="solicitudes-pendientes"] .vt-hoy__count strong')?.textContent === String(n),
      [before + 1],
    );
    await page.context().close();
  }, 60_000);

  it("screenshots of three roles' homes at 1280 and 390 px, without horizontal scrolling", async () => {
    for (const rol of ["Gerencia", "Bodega", "Fábrica"] as Role[]) {
      for (const width of [1280, 390]) {
        const page = await env.newPage({ width, height: 900 });
        await loginAs(page, env, rol);
        await visible(cardOf(page, ROLE_CARDS[rol][0]));
        await page.waitForLoadState("networkidle");
        expect(await hasHorizontalOverflow(page), `${rol} ${width}`).toBe(false);
        await screenshot(page, `hoy-${rol.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase()}-${width}`);
        await page.context().close();
      }
    }
  }, 180_000);
});
