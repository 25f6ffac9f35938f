// Issue 32, sections 3 and 4: roles, deletes, history authors, fields per role, password
// changes throttled, /api/docs behind a session, the company logo's bytes, the RUT's
// refusals and the nota de crédito's state. Each test is named after its item
// (docs/reglas-de-negocio/seguridad.md). PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { loadConfig } from "../../server/config";
import { createTestServer, openServerTestDatabase, type TestServer } from "../helpers";

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer();
});
afterAll(() => t.close());

const q = async (text: string, values: unknown[] = []) => (await t.database.pool.query(text, values)).rows;
let run = 0;
const unique = (prefix: string) => `${prefix}-${++run}-${Date.now()}`;

/** A new user of `rol` and their token (signed in the real way). */
async function newUser(rol: string, nombre = unique("Persona")) {
  const correo = `${nombre.toLowerCase().replace(/[^a-z0-9]/g, "")}@ejemplo.cl`;
  const res = await t.request({ method: "POST", url: "/api/usuarios", as: "Informático", payload: { nombre, correo, rol, contrasena: "secreta-123" } });
  expect(res.statusCode, res.body).toBe(201);
  const login = await t.request({ method: "POST", url: "/api/login", payload: { correo, contrasena: "secreta-123" } });
  expect(login.statusCode, login.body).toBe(200);
  return { id: res.json().id as number, nombre, correo, token: login.json().token as string };
}

describe("32.3.1 materiales in use", () => {
  it("32.3.1 a reserved product cannot be deleted: 409 naming the active work and the pending solicitud, nothing deleted", async () => {
    const codigo = unique("RES");
    expect((await t.request({ method: "POST", url: "/api/materiales", as: "Adquisiciones", payload: { codigo, producto: `Producto ${codigo}` } })).statusCode).toBe(201);
    const clienteId = (await t.request({ method: "POST", url: "/api/clientes", as: "Ventas", payload: { nombre: unique("Cliente") } })).json().id as number;
    const numero = unique("P");
    const pres = await t.request({ method: "POST", url: "/api/presupuestos", as: "Ventas", payload: { numero, cliente_id: clienteId, nombre_obra: "Edificio Los Aromos" } });
    expect(pres.statusCode, pres.body).toBe(201);
    const lote = await t.request({
      method: "POST",
      url: "/api/ot_pautas/herraje/lote",
      as: "Oficina Técnica",
      payload: { cliente_id: clienteId, presupuesto_id: pres.json().id, numero_presupuesto: numero, items: [{ codigo, producto: "Bisagra", cantidad: 4 }] },
    });
    expect(lote.statusCode, lote.body).toBe(201);
    const sol = await t.request({ method: "POST", url: "/api/solicitudes", as: "Bodega", payload: { codigo, producto: "Bisagra", cantidad: 3, solicitante: "Pedro" } });
    expect(sol.statusCode, sol.body).toBe(201);
    const audits = await t.count("auditoria");

    const res = await t.request({ method: "DELETE", url: `/api/materiales/${codigo}`, as: "Adquisiciones" });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toContain("Edificio Los Aromos");
    expect(res.json().message).toContain(numero);
    expect(res.json().message).toMatch(/solicitud/i);
    expect(await q("select codigo from materiales where codigo = $1", [codigo])).toHaveLength(1);
    expect(await t.count("auditoria")).toBe(audits);

    // A product nobody uses is deleted as before.
    const free = unique("LIBRE");
    expect((await t.request({ method: "POST", url: "/api/materiales", as: "Adquisiciones", payload: { codigo: free, producto: `Producto ${free}` } })).statusCode).toBe(201);
    expect((await t.request({ method: "DELETE", url: `/api/materiales/${free}`, as: "Adquisiciones" })).statusCode).toBe(200);
  });
});

describe("32.3.2 roles", () => {
  it("32.3.2 nobody changes their own role: Gerencia cannot make itself Informático (409 on rol), nothing written", async () => {
    const boss = await newUser("Gerencia");
    const audits = await t.count("auditoria");
    const res = await t.request({ method: "PUT", url: `/api/usuarios/${boss.id}`, token: boss.token, payload: { rol: "Informático" } });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().errors.rol[0]).toMatch(/propio rol/);
    expect((await q("select rol from usuarios where id = $1", [boss.id]))[0].rol).toBe("Gerencia");
    expect(await t.count("auditoria")).toBe(audits);
    // The same role sent back is no change.
    expect((await t.request({ method: "PUT", url: `/api/usuarios/${boss.id}`, token: boss.token, payload: { rol: "Gerencia", nombre: boss.nombre } })).statusCode).toBe(200);
  });

  it("32.3.2 only Informático grants Informático or edits, resets or deletes an Informático user (403 to Gerencia)", async () => {
    const boss = await newUser("Gerencia");
    const seller = await newUser("Ventas");
    const it1 = await newUser("Informático");
    const audits = await t.count("auditoria");
    const grant = await t.request({ method: "PUT", url: `/api/usuarios/${seller.id}`, token: boss.token, payload: { rol: "Informático" } });
    expect(grant.statusCode, grant.body).toBe(403);
    expect(grant.json().errors.rol[0]).toMatch(/Informático/);
    const create = await t.request({ method: "POST", url: "/api/usuarios", token: boss.token, payload: { nombre: "Nuevo TI", correo: `${unique("ti")}@ejemplo.cl`, rol: "Informático", contrasena: "secreta-123" } });
    expect(create.statusCode, create.body).toBe(403);
    const reset = await t.request({ method: "PUT", url: `/api/usuarios/${it1.id}/cambiar-contrasena`, token: boss.token, payload: { nuevaContrasena: "otra-clave-1" } });
    expect(reset.statusCode, reset.body).toBe(403);
    const edit = await t.request({ method: "PUT", url: `/api/usuarios/${it1.id}`, token: boss.token, payload: { contrasena: "otra-clave-2" } });
    expect(edit.statusCode, edit.body).toBe(403);
    const del = await t.request({ method: "DELETE", url: `/api/usuarios/${it1.id}`, token: boss.token });
    expect(del.statusCode, del.body).toBe(403);
    expect(await t.count("auditoria")).toBe(audits);
    // Gerencia still administers everyone else; Informático grants the role.
    expect((await t.request({ method: "PUT", url: `/api/usuarios/${seller.id}`, token: boss.token, payload: { rol: "Bodega" } })).statusCode).toBe(200);
    expect((await t.request({ method: "PUT", url: `/api/usuarios/${seller.id}`, as: "Informático", payload: { rol: "Informático" } })).statusCode).toBe(200);
  });
});

describe("32.3.3 history authors", () => {
  it("32.3.3 an audit row keeps its author's name and role: renaming or deleting the user does not rewrite history", async () => {
    const nombre = unique("Vendedora Original");
    const seller = await newUser("Ventas", nombre);
    const cliente = await t.request({ method: "POST", url: "/api/clientes", token: seller.token, payload: { nombre: unique("Cliente historia") } });
    expect(cliente.statusCode).toBe(201);
    const registro = `clientes:${cliente.json().id}`;
    const history = async () => (await t.request({ method: "GET", url: `/api/auditoria?registro=${registro}`, as: "Informático" })).json() as { usuario_nombre: string | null; usuario_rol: string | null }[];
    expect(await history()).toMatchObject([{ usuario_nombre: nombre, usuario_rol: "Ventas" }]);

    expect((await t.request({ method: "PUT", url: `/api/usuarios/${seller.id}`, as: "Informático", payload: { nombre: "Nombre Cambiado", rol: "Bodega" } })).statusCode).toBe(200);
    expect(await history()).toMatchObject([{ usuario_nombre: nombre, usuario_rol: "Ventas" }]);

    // Deleted: the row still names its author.
    const del = await t.request({ method: "DELETE", url: `/api/usuarios/${seller.id}`, as: "Informático" });
    expect(del.statusCode, del.body).toBe(200);
    expect(await history()).toMatchObject([{ usuario_nombre: nombre, usuario_rol: "Ventas" }]);
  });
});

describe("32.3.4 bank fields of suppliers", () => {
  it("32.3.4 Bodega never gets banco, tipo_de_cuenta nor numero_cuenta; the pickers answer only their fields", async () => {
    const res = await t.request({
      method: "POST",
      url: "/api/proveedores",
      as: "Adquisiciones",
      payload: { proveedor: unique("Vidrios Banco"), rut: "76.086.428-5", banco: "Banco Estado", tipo_de_cuenta: "Corriente", numero_cuenta: "123456789" },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as number;
    const bank = ["banco", "tipo_de_cuenta", "numero_cuenta"];
    for (const url of ["/api/proveedores", `/api/proveedores?_start=0&_end=10`, `/api/proveedores/${id}`]) {
      const body = (await t.request({ method: "GET", url, as: "Bodega" })).json();
      const rows = Array.isArray(body) ? body : [body];
      expect(rows.length, url).toBeGreaterThan(0);
      for (const row of rows) for (const f of bank) expect(row, `${url} ${f}`).not.toHaveProperty(f);
    }
    const full = (await t.request({ method: "GET", url: `/api/proveedores/${id}`, as: "Adquisiciones" })).json();
    expect(full).toMatchObject({ banco: "Banco Estado", numero_cuenta: "123456789" });
    // Searching by a bank field's value finds nothing for Bodega either.
    expect((await t.request({ method: "GET", url: "/api/proveedores?banco_like=Estado", as: "Bodega" })).statusCode).toBe(400);
    // An order of that supplier (its PDF's data): the bank account is empty for Bodega.
    const codigo = unique("OCB");
    const clienteId = (await t.request({ method: "POST", url: "/api/clientes", as: "Ventas", payload: { nombre: unique("Cliente OC") } })).json().id as number;
    const numero = unique("P");
    expect((await t.request({ method: "POST", url: "/api/presupuestos", as: "Ventas", payload: { numero, cliente_id: clienteId, nombre_obra: "Obra OC" } })).statusCode).toBe(201);
    expect((await t.request({ method: "POST", url: "/api/materiales", as: "Adquisiciones", payload: { codigo, producto: `Producto ${codigo}` } })).statusCode).toBe(201);
    const oc = await t.request({
      method: "POST",
      url: "/api/ordenes_compra",
      as: "Adquisiciones",
      payload: { proveedor: res.json().proveedor, fecha: "2026-03-10", realizado_por: "Carla Rojas", cliente_id: clienteId, numero_presupuesto: numero, items: [{ codigo, producto: `Producto ${codigo}`, cantidad: 2, precio_unitario: 1500 }] },
    });
    expect(oc.statusCode, oc.body).toBe(201);
    const ocUrl = `/api/ordenes_compra/${oc.json().numero_oc}`;
    expect((await t.request({ method: "GET", url: ocUrl, as: "Bodega" })).json()).toMatchObject({ banco: null, tipo_de_cuenta: null, numero_cuenta: null });
    expect((await t.request({ method: "GET", url: ocUrl, as: "Adquisiciones" })).json()).toMatchObject({ banco: "Banco Estado", numero_cuenta: "123456789" });
    for (const rol of ["Bodega", "Adquisiciones"] as const) {
      const sug = (await t.request({ method: "GET", url: "/api/proveedores/sugerencias?q=Vidrios", as: rol })).json() as Record<string, unknown>[];
      expect(sug.length).toBeGreaterThan(0);
      expect(Object.keys(sug[0]).sort()).toEqual(["id", "proveedor", "rut"]);
    }
  });
});

describe("32.3.5 invoice payment notes", () => {
  it("32.3.5 Bodega gets neither observaciones_internas nor fecha_pago of facturas_guias (list, show, search)", async () => {
    const created = await t.request({ method: "POST", url: "/api/facturas_guias", as: "Bodega", payload: { proveedor: unique("Proveedor notas"), numero_factura: unique("F"), fecha: "2026-05-04", monto_neto: 1000 } });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    const paid = await t.request({ method: "PUT", url: `/api/facturas_guias/${id}`, as: "Operaciones", payload: { estado_pago: "Pagado", fecha_pago: "2026-05-10", observaciones_internas: "transferenciasecreta" } });
    expect(paid.statusCode, paid.body).toBe(200);
    const hidden = ["observaciones_internas", "fecha_pago"];
    for (const url of ["/api/facturas_guias", "/api/facturas_guias?_start=0&_end=50", `/api/facturas_guias/${id}`]) {
      const body = (await t.request({ method: "GET", url, as: "Bodega" })).json();
      for (const row of Array.isArray(body) ? body : [body]) for (const f of hidden) expect(row, `${url} ${f}`).not.toHaveProperty(f);
    }
    const search = await t.request({ method: "GET", url: "/api/facturas_guias?q=transferenciasecreta", as: "Bodega" });
    expect(search.json()).toEqual([]);
    expect((await t.request({ method: "GET", url: "/api/facturas_guias?fecha_pago_gte=2026-01-01", as: "Bodega" })).statusCode).toBe(400);
    // Operaciones sees and finds them.
    const ops = await t.request({ method: "GET", url: "/api/facturas_guias?q=transferenciasecreta", as: "Operaciones" });
    expect(ops.json()).toMatchObject([{ id, observaciones_internas: "transferenciasecreta", fecha_pago: "2026-05-10" }]);
  });
});

describe("32.3.6 people pickers", () => {
  it("32.3.6 usuarios/sugerencias matches names only, from 2 characters, and answers id, nombre and rol", async () => {
    const u = await newUser("Bodega", unique("Zacarías Quintanilla"));
    const ask = async (text: string) => (await t.request({ method: "GET", url: `/api/usuarios/sugerencias?q=${encodeURIComponent(text)}`, as: "Bodega" })).json() as Record<string, unknown>[];
    expect(await ask("@")).toEqual([]);
    expect(await ask("")).toEqual([]);
    expect(await ask("z")).toEqual([]);
    expect(await ask(u.correo)).toEqual([]);
    expect(await ask("ejemplo.cl")).toEqual([]);
    const found = await ask("Zacarías Quint");
    expect(found.map((r) => r.id)).toContain(u.id);
    expect(Object.keys(found[0]).sort()).toEqual(["id", "nombre", "rol"]);
  });
});

describe("32.3.7 password changes throttled", () => {
  it("32.3.7 many parallel password changes are refused with 429 past the limit", async () => {
    const u = await newUser("Ventas");
    const changes = await Promise.all(
      Array.from({ length: 40 }, (_, i) => t.request({ method: "PUT", url: `/api/usuarios/${u.id}/cambiar-contrasena`, token: u.token, payload: { nuevaContrasena: `clave-nueva-${i}` } })),
    );
    const statuses = changes.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(20);
    expect(statuses.every((s) => s === 200 || s === 429)).toBe(true);
    const refused = changes.find((r) => r.statusCode === 429)!;
    expect(refused.json().message).toMatch(/[Ii]ntente|[Ee]spere/);
    // The account's limit holds after the burst too: a further change waits.
    const later = await t.request({ method: "PUT", url: `/api/usuarios/${u.id}/cambiar-contrasena`, token: u.token, payload: { nuevaContrasena: "clave-despues" } });
    expect(later.statusCode).toBe(429);
    expect(later.headers["retry-after"]).toBeDefined();
  });
});

describe("32.3.8 invoice deletes", () => {
  it("32.3.8 a paid or SII-imported invoice cannot be deleted (409); only Operaciones, Contabilidad and Informático delete", async () => {
    const make = async () => {
      const res = await t.request({ method: "POST", url: "/api/facturas_guias", as: "Bodega", payload: { proveedor: unique("Proveedor borrar"), numero_factura: unique("F"), fecha: "2026-05-04", monto_neto: 1000 } });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as number;
    };
    const del = (id: number, as: "Ventas" | "Gerencia" | "Operaciones" | "Contabilidad" | "Informático") => t.request({ method: "DELETE", url: `/api/facturas_guias/${id}`, as });
    const a = await make();
    for (const rol of ["Ventas", "Gerencia"] as const) expect((await del(a, rol)).statusCode, rol).toBe(403);
    const paid = await make();
    expect((await t.request({ method: "PUT", url: `/api/facturas_guias/${paid}`, as: "Operaciones", payload: { estado_pago: "Pagado" } })).statusCode).toBe(200);
    const refusedPaid = await del(paid, "Operaciones");
    expect(refusedPaid.statusCode).toBe(409);
    expect(refusedPaid.json().message).toMatch(/pagad/i);
    const imported = await make();
    await q("update facturas_guias set tipo_dte = 33 where id = $1", [imported]);
    const refusedImported = await del(imported, "Contabilidad");
    expect(refusedImported.statusCode).toBe(409);
    expect(refusedImported.json().message).toMatch(/SII/);
    expect(await q("select id from facturas_guias where id = any($1)", [[a, paid, imported]])).toHaveLength(3);
    expect((await del(a, "Contabilidad")).statusCode).toBe(200);
    expect((await del(await make(), "Informático")).statusCode).toBe(200);
    expect((await del(await make(), "Operaciones")).statusCode).toBe(200);
  });
});

describe("32.3.9 /api/docs", () => {
  it("32.3.9 /api/docs and its JSON need a session by default; API_DOCS=public opens them", async () => {
    expect((await t.request({ method: "GET", url: "/api/docs" })).statusCode).toBe(401);
    expect((await t.request({ method: "GET", url: "/api/docs/json" })).statusCode).toBe(401);
    expect((await t.request({ method: "GET", url: "/api/docs/json", headers: { authorization: "Bearer no-es-un-token" } })).statusCode).toBe(401);
    expect((await t.request({ method: "GET", url: "/api/docs/json", as: "Bodega" })).statusCode).toBe(200);
    const database = await openServerTestDatabase();
    const app = await buildApp({ database, config: { ...loadConfig({ API_DOCS: "public" }), webDir: undefined, logLevel: "silent" }, logger: false });
    try {
      await app.ready();
      expect((await app.inject({ method: "GET", url: "/api/docs/json" })).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe("32.3.10 company logo", () => {
  const b64 = (bytes: number[] | Buffer) => Buffer.from(bytes).toString("base64");
  it("32.3.10 a logo whose bytes are not a PNG or JPEG is refused (400, Spanish), nothing written", async () => {
    const current = (await t.request({ method: "GET", url: "/api/empresa", as: "Informático" })).json();
    const { actualizado_en: _a, ...body } = current;
    const audits = await t.count("auditoria");
    const fake = await t.request({ method: "PUT", url: "/api/empresa", as: "Informático", payload: { ...body, logo: `data:image/png;base64,${b64(Buffer.from("<svg onload=alert(1)>"))}` } });
    expect(fake.statusCode, fake.body).toBe(400);
    expect(fake.json().errors.logo[0]).toMatch(/PNG o JPEG/);
    const jpegAsPng = await t.request({ method: "PUT", url: "/api/empresa", as: "Informático", payload: { ...body, logo: `data:image/png;base64,${b64([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])}` } });
    expect(jpegAsPng.statusCode).toBe(400);
    expect(await t.count("auditoria")).toBe(audits);
    const jpeg = await t.request({ method: "PUT", url: "/api/empresa", as: "Informático", payload: { ...body, logo: `data:image/jpeg;base64,${b64([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46])}` } });
    expect(jpeg.statusCode, jpeg.body).toBe(200);
  });
});

describe("32.4 smaller", () => {
  it("32.4.a a RUT refusal says what is wrong", async () => {
    const cases: [string, RegExp][] = [
      ["12.345.67A-5", /letras|caracteres/i],
      ["RUT 12.345.678-5", /sin «RUT»/],
      ["12.345.678–5", /guion \(-\), no con una raya/],
      ["123.456-0", /7 u 8 dígitos/],
      ["123.456.789-2", /7 u 8 dígitos/],
      ["12.345.678-9", /dígito verificador/],
    ];
    for (const [rut, message] of cases) {
      const res = await t.request({ method: "POST", url: "/api/clientes", as: "Ventas", payload: { nombre: unique("Cliente RUT"), rut } });
      expect(res.statusCode, rut).toBe(400);
      expect(res.json().errors.rut[0], rut).toMatch(message);
    }
    const prefix = await t.request({ method: "POST", url: "/api/clientes", as: "Ventas", payload: { nombre: unique("Cliente RUT"), rut: "RUT 12.345.678-5" } });
    expect(prefix.json().errors.rut[0]).not.toMatch(/dígito verificador/);
  });

  it("32.4.b an imported nota de crédito (tipo 61, negative amounts) is «Nota de crédito» in Control de pago, never Vencida", async () => {
    const [row] = await q(
      "insert into facturas_guias (proveedor, tipo_dte, numero_factura, fecha, fecha_recepcion, monto_neto, iva, monto_total, dias_credito) values ($1, 61, $2, '2025-01-10', '2025-01-10', -10000, -1900, -11900, 30) returning id",
      [unique("Proveedor NC"), unique("NC")],
    );
    const list = (await t.request({ method: "GET", url: `/api/facturas_estado?id=${row.id}`, as: "Operaciones" })).json();
    expect(list).toMatchObject([{ id: row.id, estado_calculado: "Nota de crédito" }]);
    const show = (await t.request({ method: "GET", url: `/api/facturas_guias/${row.id}`, as: "Operaciones" })).json();
    expect(show.estado_calculado).toBe("Nota de crédito");
    const vencidas = (await t.request({ method: "GET", url: "/api/facturas_guias?estado_calculado=Vencida", as: "Operaciones" })).json() as { id: number }[];
    expect(vencidas.map((r) => r.id)).not.toContain(row.id);
    const notas = (await t.request({ method: "GET", url: `/api/facturas_guias?estado_calculado=${encodeURIComponent("Nota de crédito")}`, as: "Operaciones" })).json() as { id: number }[];
    expect(notas.map((r) => r.id)).toContain(row.id);
  });
});
