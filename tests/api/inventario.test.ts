// Inventory: GET api/inventario (reserved and available stock), GET
// api/reservas_activas/{code}, the kardex GET api/materiales/{code}/movimientos and GET
// api/faltantes, Ajuste de Stock (GET, inventario_join, POST, PUT nombre), POST
// api/registro_salida and GET api/salidas_inventario2, and the warehouse requests
// (GET/POST api/solicitudes, PUT api/solicitudes/{id}). PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG_SALIDA_OK } from "../../src/domain/inventory/salida";
import { reservaPendiente, stockDisponible } from "../../src/domain/inventory/stock";
import { sumQty } from "../../src/domain/inventory/quantity";
import { createTestServer, type TestServer } from "../helpers";
import { sql } from "drizzle-orm";
import { faltanteSql } from "../../server/services/inventory/list-faltantes";
import { stockDisponibleSql } from "../../server/services/derived/stock-reservado";

type As = "Bodega" | "Adquisiciones" | "Ventas" | "Oficina Técnica" | "Gerencia" | null;

let t: TestServer;
let clienteA: number;
let clienteB: number;
let quoteA: number;
let quoteB: number;
let quoteC: number;

const post = (url: string, payload: unknown, as: As = "Bodega") => t.request({ method: "POST", url, as, payload: payload as object });
const put = (url: string, payload: unknown, as: As = "Bodega") => t.request({ method: "PUT", url, as, payload: payload as object });
const get = (url: string, as: As = "Bodega") => t.request({ method: "GET", url, as });
const counts = async (...tables: string[]) => Object.fromEntries(await Promise.all(tables.map(async (x) => [x, await t.count(x)])));

async function material(codigo: string, producto: string, extra: Record<string, unknown> = {}) {
  const res = await post("/api/materiales", { codigo, producto, ...extra }, "Adquisiciones");
  expect(res.statusCode).toBe(201);
}
async function ajuste(codigo: string, diferencia: number) {
  const res = await post("/api/ajuste_stock", { codigo, diferencia });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
async function pauta(presupuesto_id: number, cliente_id: number, numero: string, items: Array<{ codigo: string; producto: string; cantidad_original: number }>) {
  const res = await post("/api/ot_pautas/accesorios/lote", { cliente_id, presupuesto_id, numero_presupuesto: numero, items }, "Oficina Técnica");
  expect(res.statusCode, res.body).toBe(201);
}
async function salida(codigo: string, cantidad: number, presupuesto_id = quoteA, cliente_id = clienteA) {
  return post("/api/registro_salida", { codigo, producto: "x", cantidad_salida: cantidad, cliente_id, presupuesto_id });
}
async function sumOf(codigo: string) {
  const r = await t.database.pool.query("select coalesce(sum(cantidad), 0)::float8 as s from movimientos_stock where codigo = $1", [codigo]);
  const m = await t.database.pool.query("select stock_actual::float8 as s from materiales where codigo = $1", [codigo]);
  return { movimientos: r.rows[0].s, stock_actual: m.rows[0].s };
}

beforeAll(async () => {
  t = await createTestServer();
  for (const role of ["Bodega", "Adquisiciones", "Ventas", "Oficina Técnica"] as const) await t.tokenFor(role);
  clienteA = (await post("/api/clientes", { nombre: "Inmobiliaria Los Robles" }, "Ventas")).json().id;
  clienteB = (await post("/api/clientes", { nombre: "Casa Pérez" }, "Ventas")).json().id;
  quoteA = (await post("/api/presupuestos", { numero: "2025-0101", cliente_id: clienteA, nombre_obra: "Edificio Mirador" }, "Ventas")).json().id;
  quoteB = (await post("/api/presupuestos", { numero: "2025-0201", cliente_id: clienteB, nombre_obra: "Casa Pérez" }, "Ventas")).json().id;
  quoteC = (await post("/api/presupuestos", { numero: "2025-0301", cliente_id: clienteB, nombre_obra: "Obra terminada" }, "Ventas")).json().id;
  await material("10001", "Perfil marco 5020", { precio_unitario: 1000, stock_minimo: 5 });
  await material("10002", "Burlete EPDM", { precio_unitario: 50 });
  await material("10003", "Tornillo 8x1", { precio_unitario: 10, stock_minimo: 100 });
  await material("10004", "Manilla negra", { precio_unitario: 3500 });
  await ajuste("10001", 20);
  await ajuste("10002", 4);
  await ajuste("10003", 50);
  // Works: A needs 12 of 10001 and 10 of 10002; B needs 5 of 10001; C (finished) needs 100 of 10001.
  await pauta(quoteA, clienteA, "2025-0101", [
    { codigo: "10001", producto: "Perfil marco 5020", cantidad_original: 12 },
    { codigo: "10002", producto: "Burlete EPDM", cantidad_original: 10 },
  ]);
  await pauta(quoteB, clienteB, "2025-0201", [{ codigo: "10001", producto: "Perfil marco 5020", cantidad_original: 5 }]);
  await pauta(quoteC, clienteB, "2025-0301", [{ codigo: "10001", producto: "Perfil marco 5020", cantidad_original: 100 }]);
  await t.database.pool.query("update seguimiento_obras set recepcion_final = true where presupuesto_id = $1", [quoteC]);
});
afterAll(() => t.close());

describe("GET api/inventario", () => {
  it("every product with reserved (active works' pautas less exits) and available stock, reserved descending", async () => {
    const res = await get("/api/inventario");
    expect(res.statusCode).toBe(200);
    const rows = res.json();
    expect(rows.map((r: { codigo: string }) => r.codigo)).toEqual(["10001", "10002", "10003", "10004"]);
    expect(rows[0]).toEqual({
      codigo: "10001",
      producto: "Perfil marco 5020",
      unidad: "UN",
      precio_unitario: 1000,
      stock_minimo: 5,
      stock_actual: 20,
      stock_reservado: 17,
      stock_disponible: 3,
      bajo_stock: false,
    });
    expect(rows[1]).toMatchObject({ codigo: "10002", stock_actual: 4, stock_reservado: 10, stock_disponible: -6 });
    expect(rows[2]).toMatchObject({ codigo: "10003", stock_reservado: 0, stock_disponible: 50, bajo_stock: true });
  });

  it("pages with X-Total-Count, filters Bajo Stock and stock 0, searches and sorts; 400 for undeclared parameters", async () => {
    const page = await get("/api/inventario?_start=0&_end=2&stock_actual_gt=0");
    expect(page.headers["x-total-count"]).toBe("3");
    expect(page.json()).toHaveLength(2);
    const bajo = await get("/api/inventario?bajo_stock=true");
    expect(bajo.json().map((r: { codigo: string }) => r.codigo)).toEqual(["10003"]);
    const q = await get("/api/inventario?q=burlete");
    expect(q.json().map((r: { codigo: string }) => r.codigo)).toEqual(["10002"]);
    const sorted = await get("/api/inventario?_sort=stock_disponible&_order=asc");
    expect(sorted.json()[0].codigo).toBe("10002");
    expect((await get("/api/inventario?color=rojo")).statusCode).toBe(400);
    expect((await get("/api/inventario?bajo_stock=quizas")).statusCode).toBe(400);
  });

  it("401 without a session", async () => {
    expect((await get("/api/inventario", null)).statusCode).toBe(401);
  });
});

describe("GET api/reservas_activas/{code}", () => {
  it("lists what each active work still holds, largest first; finished works are left out", async () => {
    const res = await get("/api/reservas_activas/10001");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { presupuesto_id: quoteA, cliente_nombre: "Inmobiliaria Los Robles", numero_presupuesto: "2025-0101", nombre_obra: "Edificio Mirador", cantidad: 12 },
      { presupuesto_id: quoteB, cliente_nombre: "Casa Pérez", numero_presupuesto: "2025-0201", nombre_obra: "Casa Pérez", cantidad: 5 },
    ]);
    expect((await get("/api/reservas_activas/10004")).json()).toEqual([]);
  });

  it("404 for an unknown product", async () => {
    const res = await get("/api/reservas_activas/99999");
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("Material no encontrado");
  });
});

describe("POST api/registro_salida and GET api/salidas_inventario2", () => {
  it("registers an exit valued at the current price, with a SALIDA movement, names from the database and an audit row", async () => {
    const before = await counts("salidas_inventario", "movimientos_stock", "auditoria");
    const res = await post("/api/registro_salida", {
      codigo: "10001",
      producto: "otro nombre",
      cantidad_salida: 2.5,
      cliente_id: clienteA,
      presupuesto_id: quoteA,
      cliente_nombre: "Falso",
      presupuesto_numero: "9",
      nombre_obra: "",
      observacion: "Retira Juan",
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.message).toBe(MSG_SALIDA_OK);
    expect(body.salida).toMatchObject({
      codigo: "10001",
      producto: "Perfil marco 5020",
      cantidad: 2.5,
      precio_neto: 1000,
      cliente_nombre: "Inmobiliaria Los Robles",
      presupuesto_numero: "2025-0101",
      nombre_obra: "Edificio Mirador",
      observacion: "Retira Juan",
    });
    expect(await counts("salidas_inventario", "movimientos_stock", "auditoria")).toEqual({
      salidas_inventario: before.salidas_inventario + 1,
      movimientos_stock: before.movimientos_stock + 1,
      auditoria: before.auditoria + 1,
    });
    expect(await sumOf("10001")).toEqual({ movimientos: 17.5, stock_actual: 17.5 });
    const mov = await t.database.pool.query("select tipo, cantidad::float8 as cantidad, saldo::float8 as saldo, salida_id from movimientos_stock order by id desc limit 1");
    expect(mov.rows[0]).toEqual({ tipo: "SALIDA", cantidad: -2.5, saldo: 17.5, salida_id: body.salida.id });
    // The exit lowers what work A still holds: 12 − 2,5 = 9,5; reserved 14,5, available 3.
    const inv = (await get("/api/inventario?codigo=10001")).json()[0];
    expect(inv).toMatchObject({ stock_actual: 17.5, stock_reservado: 14.5, stock_disponible: 3 });
    const hist = await get("/api/salidas_inventario2");
    expect(hist.json()[0]).toMatchObject({ id: body.salida.id, codigo: "10001", cantidad: 2.5, precio_neto: 1000 });
    const page = await get("/api/salidas_inventario2?q=mirador&_start=0&_end=10");
    expect(page.headers["x-total-count"]).toBe("1");
  });

  it("409 beyond current stock, nothing written; taking exactly all is allowed", async () => {
    const before = await counts("salidas_inventario", "movimientos_stock", "auditoria");
    const res = await salida("10002", 5);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: "Stock insuficiente para 10002: hay 4", errors: { cantidad_salida: ["Stock insuficiente para 10002: hay 4"] } });
    expect(await counts("salidas_inventario", "movimientos_stock", "auditoria")).toEqual(before);
    expect((await salida("10002", 4)).statusCode).toBe(201);
    expect(await sumOf("10002")).toEqual({ movimientos: 0, stock_actual: 0 });
  });

  it("400 with the fields, nothing written: missing fields, quantity 0, quote of another client", async () => {
    const before = await counts("salidas_inventario", "movimientos_stock", "auditoria");
    const res = await post("/api/registro_salida", { codigo: "", cantidad_salida: 0 });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(["cantidad_salida", "cliente_id", "codigo", "presupuesto_id"]);
    const other = await salida("10001", 1, quoteB, clienteA);
    expect(other.statusCode).toBe(400);
    expect(other.json().errors.presupuesto_id).toEqual(["El presupuesto no pertenece al cliente"]);
    expect(await counts("salidas_inventario", "movimientos_stock", "auditoria")).toEqual(before);
  });

  it("the same Idempotency-Key gets the first answer again and takes the material once", async () => {
    await material("60001", "Idempotencia", { precio_unitario: 1 });
    await ajuste("60001", 5);
    const send = () =>
      t.request({
        method: "POST",
        url: "/api/registro_salida",
        as: "Bodega",
        headers: { "idempotency-key": "salida-prueba-1" },
        payload: { codigo: "60001", cantidad_salida: 1, cliente_id: clienteA, presupuesto_id: quoteA },
      });
    const first = await send();
    const again = await send();
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json().salida.id).toBe(first.json().salida.id);
    expect(await sumOf("60001")).toEqual({ movimientos: 4, stock_actual: 4 });
  });

  it("404 for an unknown product or quote", async () => {
    expect((await salida("99999", 1)).statusCode).toBe(404);
    expect((await salida("10001", 1, 999999)).statusCode).toBe(404);
  });

  it("50 concurrent exits of 1 against a stock of 20: exactly 20 succeed, the rest 409, stock ends at 0", async () => {
    await material("50001", "Concurrencia", { precio_unitario: 1 });
    await ajuste("50001", 20);
    const results = await Promise.all(Array.from({ length: 50 }, () => salida("50001", 1)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(20);
    expect(codes.filter((c) => c === 409)).toHaveLength(30);
    expect(await sumOf("50001")).toEqual({ movimientos: 0, stock_actual: 0 });
  });
});

describe("Ajuste de Stock", () => {
  it("POST writes the adjustment and an AJUSTE movement with the acting user and a generated comment", async () => {
    const before = await counts("ajustes_stock", "movimientos_stock", "auditoria");
    const res = await post("/api/ajuste_stock", { codigo: "10004", producto: "Manilla negra", diferencia: 3, usuario: "Otro nombre" });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      codigo: "10004",
      producto: "Manilla negra",
      stock_anterior: 0,
      diferencia: 3,
      stock_nuevo: 3,
      usuario: "Usuario Bodega",
      usuario_id: await t.userIdFor("Bodega"),
      comentario: "Ajuste de +3 por Usuario Bodega",
    });
    expect(await counts("ajustes_stock", "movimientos_stock", "auditoria")).toEqual({
      ajustes_stock: before.ajustes_stock + 1,
      movimientos_stock: before.movimientos_stock + 1,
      auditoria: before.auditoria + 1,
    });
    const down = await post("/api/ajuste_stock", { codigo: "10004", diferencia: -1, comentario: "Rota" });
    expect(down.json()).toMatchObject({ stock_anterior: 3, diferencia: -1, stock_nuevo: 2, comentario: "Rota" });
    expect(await sumOf("10004")).toEqual({ movimientos: 2, stock_actual: 2 });
  });

  it("GET gives the last adjustment per code; inventario_join each product with its last adjustment", async () => {
    const last = (await get("/api/ajuste_stock")).json();
    expect(last.filter((a: { codigo: string }) => a.codigo === "10004")).toHaveLength(1);
    expect(last.find((a: { codigo: string }) => a.codigo === "10004")).toMatchObject({ comentario: "Rota", diferencia: -1 });
    const join = (await get("/api/ajuste_stock/inventario_join")).json();
    const m = join.find((r: { codigo: string }) => r.codigo === "10004");
    expect(m).toMatchObject({ codigo: "10004", producto: "Manilla negra", stock_actual: 2, comentario: "Rota" });
    expect(typeof m.fecha).toBe("string");
    const page = await get("/api/ajuste_stock/inventario_join?q=manilla&_start=0&_end=5");
    expect(page.headers["x-total-count"]).toBe("1");
  });

  it("400 for a difference of 0 or not a number, 404 unknown product, 409 below 0: nothing written", async () => {
    const before = await counts("ajustes_stock", "movimientos_stock", "auditoria");
    const zero = await post("/api/ajuste_stock", { codigo: "10004", diferencia: 0 });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().errors.diferencia).toEqual(["La diferencia debe ser un número distinto de 0"]);
    expect((await post("/api/ajuste_stock", { codigo: "10004", diferencia: "abc" })).statusCode).toBe(400);
    expect((await post("/api/ajuste_stock", { codigo: "99999", diferencia: 1 })).statusCode).toBe(404);
    const below = await post("/api/ajuste_stock", { codigo: "10004", diferencia: -3 });
    expect(below.statusCode).toBe(409);
    expect(below.json().errors.diferencia).toEqual(["Stock insuficiente para 10004: hay 2"]);
    expect(await counts("ajustes_stock", "movimientos_stock", "auditoria")).toEqual(before);
  });

  it("23.3 adjustment applied to a stale count: stock_visto different from the stock now is 409 and nothing is written", async () => {
    await material("10005", "Cremona blanca");
    await ajuste("10005", 10);
    // Someone else adjusts (or an exit happens) after the count was taken against 10.
    await ajuste("10005", -2);
    const before = await counts("ajustes_stock", "movimientos_stock", "auditoria");
    const stale = await post("/api/ajuste_stock", { codigo: "10005", producto: "Cremona blanca", diferencia: 2, usuario: "Ana", stock_visto: 10 });
    expect(stale.statusCode, stale.body).toBe(409);
    const message = "El stock cambió mientras contaba: el stock de 10005 ahora es 8 (usted vio 10), vuelva a contar";
    expect(stale.json()).toEqual({ message, errors: { stock_visto: [message] } });
    expect(await counts("ajustes_stock", "movimientos_stock", "auditoria")).toEqual(before);
    expect(await sumOf("10005")).toEqual({ movimientos: 8, stock_actual: 8 });
    // The stock seen is the stock now: applied. Without stock_visto the body stays the specification's.
    const fresh = await post("/api/ajuste_stock", { codigo: "10005", producto: "Cremona blanca", diferencia: 4, usuario: "Ana", stock_visto: 8 });
    expect(fresh.statusCode, fresh.body).toBe(201);
    expect(fresh.json()).toMatchObject({ stock_anterior: 8, diferencia: 4, stock_nuevo: 12 });
    expect((await post("/api/ajuste_stock", { codigo: "10005", producto: "Cremona blanca", diferencia: -1, usuario: "Ana" })).statusCode).toBe(201);
    // A bad stock_visto is a 400 naming it; an unknown product still 404.
    const bad = await post("/api/ajuste_stock", { codigo: "10005", diferencia: 1, stock_visto: -1 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(["stock_visto"]);
    expect((await post("/api/ajuste_stock", { codigo: "99999", diferencia: 1, stock_visto: 0 })).statusCode).toBe(404);
    expect(await sumOf("10005")).toEqual({ movimientos: 11, stock_actual: 11 });
  });

  it("23.3 two people counting the same product at once: one adjustment applies, the other is 409", async () => {
    await material("10006", "Pestillo");
    await ajuste("10006", 5);
    const results = await Promise.all(
      [7, 3, 9, 6].map((real) => post("/api/ajuste_stock", { codigo: "10006", producto: "Pestillo", diferencia: real - 5, usuario: "Ana", stock_visto: 5 })),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409]);
    const applied = results.find((r) => r.statusCode === 201)!.json();
    expect(await sumOf("10006")).toEqual({ movimientos: applied.stock_nuevo, stock_actual: applied.stock_nuevo });
  });

  it("PUT materiales/{code}/nombre renames, audited with the user; 400 empty, 404 unknown, 409 taken", async () => {
    const audits = await t.count("auditoria");
    const res = await put("/api/ajuste_stock/materiales/10004/nombre", { producto: " Manilla negra mate " });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ codigo: "10004", producto: "Manilla negra mate" });
    const a = await t.database.pool.query("select usuario_id, entidad, cambios from auditoria order by id desc limit 1");
    expect(a.rows[0]).toMatchObject({ usuario_id: await t.userIdFor("Bodega"), entidad: "materiales" });
    expect(await t.count("auditoria")).toBe(audits + 1);
    const empty = await put("/api/ajuste_stock/materiales/10004/nombre", { producto: "  " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.producto).toEqual(["El nombre no puede estar vacío."]);
    expect((await put("/api/ajuste_stock/materiales/99999/nombre", { producto: "X" })).statusCode).toBe(404);
    const taken = await put("/api/ajuste_stock/materiales/10004/nombre", { producto: "BURLETE epdm" });
    expect(taken.statusCode).toBe(409);
    expect(await t.count("auditoria")).toBe(audits + 1);
  });
});

describe("kardex and faltantes", () => {
  it("GET api/materiales/{code}/movimientos: newest first with balance, document and user; pages; 404 unknown", async () => {
    const res = await get("/api/materiales/10001/movimientos");
    expect(res.statusCode).toBe(200);
    const rows = res.json();
    expect(rows.map((r: { tipo: string; cantidad: number; saldo: number }) => [r.tipo, r.cantidad, r.saldo])).toEqual([
      ["SALIDA", -2.5, 17.5],
      ["AJUSTE", 20, 20],
    ]);
    expect(rows[0]).toMatchObject({ usuario_nombre: "Usuario Bodega", documento: expect.stringMatching(/^Salida \d+ · Presupuesto 2025-0101$/) });
    const page = await get("/api/materiales/10001/movimientos?_start=0&_end=1&_sort=id&_order=asc");
    expect(page.headers["x-total-count"]).toBe("2");
    expect(page.json()[0].tipo).toBe("AJUSTE");
    expect((await get("/api/materiales/99999/movimientos")).statusCode).toBe(404);
    expect((await get("/api/materiales/10001/movimientos?foo=1")).statusCode).toBe(400);
  });

  it("GET api/faltantes: available below 0 or below the minimum, with what to buy and the works that need it", async () => {
    const res = await get("/api/faltantes");
    expect(res.statusCode).toBe(200);
    const rows = res.json();
    // 10002: stock 0, work A needs 10 less the 4 already taken → available −6; 10001: available 3 < minimum 5;
    // 10003: 50 of a minimum of 100.
    expect(rows.map((r: { codigo: string }) => r.codigo)).toEqual(["10002", "10001", "10003"]);
    expect(rows[0]).toMatchObject({ stock_disponible: -6, para_obras: 6, a_comprar: 6, obras: [{ numero_presupuesto: "2025-0101", cantidad: 6 }] });
    expect(rows[1]).toMatchObject({ stock_disponible: 3, para_obras: 0, a_comprar: 2 });
    expect(rows[1].obras).toHaveLength(2);
    expect(rows[2]).toMatchObject({ stock_disponible: 50, a_comprar: 50, obras: [] });
    const page = await get("/api/faltantes?_start=0&_end=1");
    expect(page.headers["x-total-count"]).toBe("3");
  });
});

describe("faltantes at any catalogue size", () => {
  it("its page and its total are read from the partial index of shortages (migration 0017), in the list's order", async () => {
    const plans = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const page = await tx.execute(sql`explain select codigo from materiales where ${faltanteSql} order by ${stockDisponibleSql}, codigo limit 50`);
      const total = await tx.execute(sql`explain select count(*) from materiales where ${faltanteSql}`);
      return [page, total].map((p) => p.rows.map((r) => Object.values(r)[0]).join("\n"));
    });
    for (const plan of plans) expect(plan).toContain("materiales_faltantes_idx");
    expect(plans[0]).not.toContain("Sort");
  });
});

describe("solicitudes de bodega", () => {
  let id: number;
  it("POST creates a Pendiente request with an audit row", async () => {
    const before = await counts("solicitudes_bodega", "auditoria");
    const res = await post("/api/solicitudes", { codigo: "10001", producto: "Perfil marco 5020", cantidad: 3, solicitante: "Pedro" });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ codigo: "10001", cantidad: 3, solicitante: "Pedro", estado: "Pendiente", fecha_aprobacion: null, creado_por_id: await t.userIdFor("Bodega") });
    id = res.json().id;
    expect(await counts("solicitudes_bodega", "auditoria")).toEqual({ solicitudes_bodega: before.solicitudes_bodega + 1, auditoria: before.auditoria + 1 });
  });

  it("400 for quantity below 1 or missing fields, nothing written", async () => {
    const before = await counts("solicitudes_bodega", "auditoria");
    const res = await post("/api/solicitudes", { codigo: "10001", producto: "", cantidad: 0.5 });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(["cantidad", "producto", "solicitante"]);
    expect(await counts("solicitudes_bodega", "auditoria")).toEqual(before);
  });

  it("PUT approves (who and when) and reverts; GET estado_ne=Aprobado keeps pending ones; 404, 403 for Bodega", async () => {
    const ok = await put(`/api/solicitudes/${id}`, { aprobada: true }, "Adquisiciones");
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ estado: "Aprobado", aprobado_por: "Usuario Adquisiciones", aprobado_por_id: await t.userIdFor("Adquisiciones") });
    expect(typeof ok.json().fecha_aprobacion).toBe("string");
    expect((await get("/api/solicitudes?estado_ne=Aprobado")).json()).toHaveLength(0);
    expect((await get("/api/solicitudes")).json()).toHaveLength(1);
    const back = await put(`/api/solicitudes/${id}`, { aprobada: false }, "Adquisiciones");
    expect(back.json()).toMatchObject({ estado: "Pendiente", fecha_aprobacion: null, aprobado_por: null });
    expect((await put("/api/solicitudes/999999", { aprobada: true }, "Adquisiciones")).statusCode).toBe(404);
    expect((await put(`/api/solicitudes/${id}`, { aprobada: "quizás" }, "Adquisiciones")).statusCode).toBe(400);
    expect((await put(`/api/solicitudes/${id}`, { aprobada: true }, "Bodega")).statusCode).toBe(403);
  });
});

describe("the database's reserved stock agrees with the domain's rule", () => {
  it("40 products, random pautas on two active works and a finished one, random exits: Σ max(0, pauta − salido) per active work", async () => {
    let seed = 11;
    const next = (n: number) => (seed = (seed * 48271) % 2147483647) % n;
    const codes = Array.from({ length: 40 }, (_, i) => String(70_000 + i));
    for (const c of codes) {
      await material(c, `Producto azar ${c}`);
      await ajuste(c, 50);
    }
    const quotes = [
      { id: quoteA, cliente: clienteA, numero: "2025-0101", active: true },
      { id: quoteB, cliente: clienteB, numero: "2025-0201", active: true },
      { id: quoteC, cliente: clienteB, numero: "2025-0301", active: false },
    ];
    const need = new Map<string, number>(); // `${quote}|${code}` → pauta quantity
    const gone = new Map<string, number>();
    for (const q of quotes) {
      const items = codes.filter(() => next(3) > 0).map((c) => ({ codigo: c, producto: `Producto azar ${c}`, cantidad_original: 1 + next(12) }));
      await pauta(q.id, q.cliente, q.numero, items);
      for (const it of items) need.set(`${q.id}|${it.codigo}`, it.cantidad_original);
    }
    for (let i = 0; i < 60; i++) {
      const q = quotes[next(3)];
      const c = codes[next(codes.length)];
      const n = 1 + next(5);
      const res = await salida(c, n, q.id, q.cliente);
      expect(res.statusCode).toBe(201);
      gone.set(`${q.id}|${c}`, (gone.get(`${q.id}|${c}`) ?? 0) + n);
    }
    const rows = (await get(`/api/inventario?codigo_like=700&_start=0&_end=100&_sort=codigo&_order=asc`)).json();
    expect(rows).toHaveLength(40);
    for (const r of rows) {
      const expected = sumQty(quotes.filter((q) => q.active).map((q) => reservaPendiente(need.get(`${q.id}|${r.codigo}`) ?? 0, gone.get(`${q.id}|${r.codigo}`) ?? 0)));
      expect(r.stock_reservado, r.codigo).toBe(expected);
      expect(r.stock_disponible, r.codigo).toBe(stockDisponible(r.stock_actual, expected));
    }
  });
});
