import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../helpers";
import { todayInSantiago } from "../../src/domain/dates/dates";
import { WORK_STAGES } from "../../src/domain/sales/tracking";
import { presupuestoSchema } from "../../src/domain/sales/schemas";
import { createPresupuesto } from "../../server/services/sales/create-presupuesto";

let t: TestServer;
let cliente: { id: number; nombre: string; rut: string | null };
let otroCliente: { id: number; nombre: string; rut: string | null };

beforeAll(async () => {
  t = await createTestServer();
  // Logins write audit rows of their own: sign in every role used below first.
  for (const role of ["Ventas", "Bodega"] as const) await t.tokenFor(role);
  cliente = (await t.request({ method: "POST", url: "/api/clientes", as: "Ventas", payload: { nombre: "Constructora Pocuro SpA", rut: "76.086.428-5" } })).json();
  otroCliente = (await t.request({ method: "POST", url: "/api/clientes", as: "Ventas", payload: { nombre: "Camila Rojas Soto" } })).json();
});
afterAll(() => t.close());

let seq = 0;
const numero = () => `P-${1000 + ++seq}`;

async function post(payload: unknown, as: Parameters<TestServer["request"]>[0]["as"] = "Ventas") {
  return t.request({ method: "POST", url: "/api/presupuestos", as, payload: payload as object });
}

/** Counts of the tables a quote creation touches. */
async function counts() {
  return { presupuestos: await t.count("presupuestos"), seguimiento: await t.count("seguimiento_obras"), auditoria: await t.count("auditoria") };
}

describe("POST api/presupuestos", () => {
  it("creates the quote and, in the same transaction, its tracking record (16 stages false, 5 days)", async () => {
    const before = await counts();
    const n = numero();
    const res = await post({ numero: n, cliente_id: cliente.id, nombre_obra: "Edificio Los Robles", direccion: "Av. Grecia 2000, Ñuñoa", observacion: "Termopanel", fecha: "2026-03-15", total_neto_presupuestado: 4_500_000 });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      id: expect.any(Number),
      numero: n,
      cliente_id: cliente.id,
      nombre_obra: "Edificio Los Robles",
      direccion: "Av. Grecia 2000, Ñuñoa",
      observacion: "Termopanel",
      fecha: "2026-03-15",
      total_neto_presupuestado: 4_500_000,
      aceptado_fecha: null,
      cliente_nombre: cliente.nombre,
      cliente_rut: cliente.rut,
    });
    const after = await counts();
    expect(after).toEqual({ presupuestos: before.presupuestos + 1, seguimiento: before.seguimiento + 1, auditoria: before.auditoria + 2 });
    // The audit keeps what was written: not the search's stored text (a generated column)
    // nor the "obra activa" flag the triggers keep.
    const audit = (await t.database.pool.query("select cambios from auditoria where entidad = 'presupuestos' and entidad_id = $1", [String(body.id)])).rows;
    expect(audit).toHaveLength(1);
    expect(audit[0].cambios).toMatchObject({ numero: n, nombre_obra: "Edificio Los Robles" });
    expect(audit[0].cambios).not.toHaveProperty("busqueda");
    expect(audit[0].cambios).not.toHaveProperty("reserva_activa");
    const seg = (await t.database.pool.query("select * from seguimiento_obras where presupuesto_id = $1", [body.id])).rows;
    expect(seg).toHaveLength(1);
    for (const stage of WORK_STAGES) expect(seg[0][stage], stage).toBe(false);
    expect(seg[0]).toMatchObject({ rectificacion_plazo_dias: 5, rectificacion_fecha: null, comentario: null, comentario_fecha: null });
  });

  it("defaults fecha to today in Santiago and an empty total to 0", async () => {
    const res = await post({ numero: numero(), cliente_id: cliente.id, nombre_obra: "", total_neto_presupuestado: null });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ fecha: todayInSantiago(), total_neto_presupuestado: 0, nombre_obra: null });
    const noTotal = await post({ numero: numero(), cliente_id: cliente.id, fecha: null });
    expect(noTotal.json()).toMatchObject({ fecha: todayInSantiago(), total_neto_presupuestado: 0 });
  });

  it("400 with field errors and nothing written (quote, tracking or audit)", async () => {
    const before = await counts();
    const cases: [unknown, string[]][] = [
      [{ cliente_id: cliente.id }, ["numero"]],
      [{ numero: "  ", cliente_id: cliente.id }, ["numero"]],
      [{ numero: numero() }, ["cliente_id"]],
      [{ numero: numero(), cliente_id: "abc" }, ["cliente_id"]],
      [{ numero: numero(), cliente_id: cliente.id, total_neto_presupuestado: -5 }, ["total_neto_presupuestado"]],
      [{ numero: numero(), cliente_id: cliente.id, total_neto_presupuestado: "mucho" }, ["total_neto_presupuestado"]],
      [{ numero: numero(), cliente_id: cliente.id, total_neto_presupuestado: 10.5 }, ["total_neto_presupuestado"]],
      [{ numero: numero(), cliente_id: cliente.id, fecha: "2026-02-30" }, ["fecha"]],
      [{ numero: numero(), cliente_id: cliente.id, fecha: "15-03-2026" }, ["fecha"]],
      [[], ["_"]],
    ];
    for (const [payload, fields] of cases) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      if (fields[0] !== "_") expect(Object.keys(res.json().errors), JSON.stringify(payload)).toEqual(fields);
      expect(res.json().message).toMatch(/\S/);
    }
    expect(await counts()).toEqual(before);
  });

  it("400 errors.cliente_id for a client that does not exist; nothing written", async () => {
    const before = await counts();
    const res = await post({ numero: numero(), cliente_id: 999_999 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ cliente_id: ["El cliente seleccionado no existe"] });
    expect(await counts()).toEqual(before);
  });

  it("409 errors.numero for a number the client already has; another client may use it", async () => {
    const n = numero();
    expect((await post({ numero: n, cliente_id: cliente.id })).statusCode).toBe(201);
    const before = await counts();
    const dup = await post({ numero: ` ${n} `, cliente_id: cliente.id, nombre_obra: "Otra obra" });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({
      message: "Ya existe un presupuesto con ese número para este cliente",
      errors: { numero: ["Ya existe un presupuesto con ese número para este cliente"] },
    });
    expect(await counts()).toEqual(before);
    expect((await post({ numero: n, cliente_id: otroCliente.id })).statusCode).toBe(201);
  });

  // On PostgreSQL the requests race and the unique index decides; on PGlite they queue.
  it("simultaneous identical creations: one 201, the rest 409, one quote and one tracking row", async () => {
    const n = numero();
    const results = await Promise.all(Array.from({ length: 6 }, () => post({ numero: n, cliente_id: cliente.id })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    const rows = await t.database.pool.query(
      "select p.id, (select count(*)::int from seguimiento_obras s where s.presupuesto_id = p.id) seg from presupuestos p where cliente_id = $1 and numero = $2",
      [cliente.id, n],
    );
    expect(rows.rows).toEqual([{ id: expect.any(Number), seg: 1 }]);
  });

  // PostgreSQL only (a second connection holds an uncommitted row; PGlite has one).
  it.skipIf(!process.env.TEST_DATABASE_URL)("the unique index decides a race the duplicate check cannot see: 409, not 500", async () => {
    const n = numero();
    const other = await t.database.pool.connect();
    try {
      await other.query("begin");
      await other.query("insert into presupuestos (numero, cliente_id, fecha) values ($1, $2, current_date)", [n, cliente.id]);
      const pending = post({ numero: n, cliente_id: cliente.id }); // its check sees nothing; its insert waits on the index
      await new Promise((r) => setTimeout(r, 300));
      await other.query("commit");
      const res = await pending;
      expect(res.statusCode).toBe(409);
      expect(res.json().errors.numero).toEqual(["Ya existe un presupuesto con ese número para este cliente"]);
    } finally {
      other.release();
    }
    const rows = await t.database.pool.query("select id from presupuestos where cliente_id = $1 and numero = $2", [cliente.id, n]);
    expect(rows.rowCount).toBe(1);
    await t.database.pool.query("insert into seguimiento_obras (presupuesto_id) values ($1)", [rows.rows[0].id]); // keep the invariant below
  });

  it("both or neither: when the tracking insert fails in the database, the quote is not kept", async () => {
    // A trigger makes the second insert fail inside the request's transaction.
    await t.database.pool.query(`create or replace function falla_seguimiento() returns trigger language plpgsql as $$
      begin raise exception 'falla simulada del seguimiento'; end $$`);
    await t.database.pool.query("create trigger falla_seguimiento before insert on seguimiento_obras for each row execute function falla_seguimiento()");
    try {
      const before = await counts();
      const n = numero();
      const res = await post({ numero: n, cliente_id: cliente.id });
      expect(res.statusCode).toBe(500);
      expect(res.json().message).toBe("Error interno del servidor. Intente nuevamente.");
      expect(await counts()).toEqual(before);
      const orphan = await t.database.pool.query("select count(*)::int n from presupuestos where numero = $1", [n]);
      expect(orphan.rows[0].n).toBe(0);
    } finally {
      await t.database.pool.query("drop trigger falla_seguimiento on seguimiento_obras");
      await t.database.pool.query("drop function falla_seguimiento()");
    }
  });

  it("both or neither: the service with an injected tracking failure writes nothing", async () => {
    const before = await counts();
    const data = presupuestoSchema.parse({ numero: numero(), cliente_id: cliente.id });
    const ctx = { db: t.database.db, user: null, route: "test" };
    await expect(
      createPresupuesto(ctx, data, {
        createSeguimiento: async () => {
          throw new Error("falla inyectada");
        },
      }),
    ).rejects.toThrow("falla inyectada");
    expect(await counts()).toEqual(before);
    // The same service with the real tracking step succeeds and writes both.
    const row = await createPresupuesto(ctx, data, { today: () => "2026-01-02" });
    expect(row).toMatchObject({ numero: data.numero, fecha: "2026-01-02" });
    expect(await counts()).toEqual({ presupuestos: before.presupuestos + 1, seguimiento: before.seguimiento + 1, auditoria: before.auditoria + 2 });
  });

  it("a retry with the same Idempotency-Key gets the first answer again and writes nothing", async () => {
    const payload = { numero: numero(), cliente_id: cliente.id, nombre_obra: "Casa Reintento" };
    const headers = { "idempotency-key": `presupuesto-${payload.numero}` };
    const first = await t.request({ method: "POST", url: "/api/presupuestos", as: "Ventas", payload, headers });
    expect(first.statusCode).toBe(201);
    const before = await counts();
    const retry = await t.request({ method: "POST", url: "/api/presupuestos", as: "Ventas", payload, headers });
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(await counts()).toEqual(before);
  });

  it("401 without a token and 403 for Bodega; nothing written", async () => {
    const before = await counts();
    expect((await post({ numero: numero(), cliente_id: cliente.id }, null)).statusCode).toBe(401);
    expect((await post({ numero: numero(), cliente_id: cliente.id }, "Bodega")).statusCode).toBe(403);
    expect(await counts()).toEqual(before);
  });
});

describe("GET api/presupuestos/cliente/{clientId}", () => {
  it("answers that client's quotes, newest (last created) first; [] for a client without quotes; 404 unknown client", async () => {
    const c = (await t.request({ method: "POST", url: "/api/clientes", as: "Ventas", payload: { nombre: "Casa Vergara" } })).json();
    const empty = await t.request({ method: "GET", url: `/api/presupuestos/cliente/${c.id}`, as: "Ventas" });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual([]);
    const a = (await post({ numero: "A-1", cliente_id: c.id, fecha: "2026-01-10" })).json();
    const b = (await post({ numero: "A-2", cliente_id: c.id, fecha: "2026-02-10" })).json();
    const c2 = (await post({ numero: "A-3", cliente_id: c.id, fecha: "2026-02-10" })).json();
    const res = await t.request({ method: "GET", url: `/api/presupuestos/cliente/${c.id}`, as: "Bodega" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([c2, b, a]);
    const missing = await t.request({ method: "GET", url: "/api/presupuestos/cliente/999999", as: "Ventas" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("El cliente no existe.");
    expect((await t.request({ method: "GET", url: "/api/presupuestos/cliente/x", as: "Ventas" })).statusCode).toBe(400);
    expect((await t.request({ method: "GET", url: `/api/presupuestos/cliente/${c.id}` })).statusCode).toBe(401);
  });
});

describe("GET api/presupuestos/id/{id}", () => {
  it("answers the quote with its client's name and RUT; 404 unknown", async () => {
    const created = (await post({ numero: numero(), cliente_id: cliente.id, nombre_obra: "Casa Muñoz" })).json();
    const res = await t.request({ method: "GET", url: `/api/presupuestos/id/${created.id}`, as: "Bodega" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(created);
    expect(res.json()).toMatchObject({ cliente_nombre: cliente.nombre, cliente_rut: cliente.rut });
    const missing = await t.request({ method: "GET", url: "/api/presupuestos/id/999999", as: "Ventas" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("El presupuesto no existe.");
    expect((await t.request({ method: "GET", url: `/api/presupuestos/id/${created.id}` })).statusCode).toBe(401);
  });
});

describe("GET api/presupuestos", () => {
  it("answers the whole list as a plain array, newest first, without X-Total-Count", async () => {
    const res = await t.request({ method: "GET", url: "/api/presupuestos", as: "Ventas" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["x-total-count"]).toBeUndefined();
    const rows = res.json() as { id: number; fecha: string; cliente_id: number }[];
    expect(rows.length).toBe(await t.count("presupuestos"));
    expect(Object.keys(rows[0]).sort()).toEqual(
      ["aceptado_fecha", "cliente_id", "cliente_nombre", "cliente_rut", "direccion", "fecha", "id", "nombre_obra", "numero", "observacion", "total_neto_presupuestado"].sort(),
    );
    // Newest first: most recently created first.
    const order = (await t.database.pool.query("select id from presupuestos order by creado_en desc, id desc")).rows.map((r) => r.id);
    expect(rows.map((r) => r.id)).toEqual(order);
    // The screens filter by cliente_id on their side: every client's quotes are there.
    expect(rows.filter((r) => r.cliente_id === otroCliente.id).length).toBeGreaterThan(0);
  });

  it("Bodega may read; no token is 401", async () => {
    expect((await t.request({ method: "GET", url: "/api/presupuestos", as: "Bodega" })).statusCode).toBe(200);
    expect((await t.request({ method: "GET", url: "/api/presupuestos" })).statusCode).toBe(401);
  });

  it("pages and sorts on the server with X-Total-Count", async () => {
    const total = await t.count("presupuestos");
    const res = await t.request({ method: "GET", url: "/api/presupuestos?_start=0&_end=3&_sort=id&_order=desc", as: "Ventas" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["x-total-count"]).toBe(String(total));
    const ids = (await t.database.pool.query("select id from presupuestos order by id desc limit 3")).rows.map((r) => r.id);
    expect(res.json().map((r: { id: number }) => r.id)).toEqual(ids);
    const beyond = await t.request({ method: "GET", url: `/api/presupuestos?_start=${total + 10}&_end=${total + 20}`, as: "Ventas" });
    expect(beyond.json()).toEqual([]);
    expect(beyond.headers["x-total-count"]).toBe(String(total));
  });

  it("filters by cliente_id and searches q over numero, nombre_obra and the client's name", async () => {
    const c = (await t.request({ method: "POST", url: "/api/clientes", as: "Ventas", payload: { nombre: "Inmobiliaria Peumo Ltda." } })).json();
    const p1 = (await post({ numero: "ZX-77", cliente_id: c.id, nombre_obra: "Condominio Araucaria" })).json();
    const p2 = (await post({ numero: "ZX-78", cliente_id: c.id, nombre_obra: "Oficinas Centro" })).json();
    const byClient = await t.request({ method: "GET", url: `/api/presupuestos?cliente_id=${c.id}`, as: "Ventas" });
    expect(byClient.json().map((r: { id: number }) => r.id).sort()).toEqual([p1.id, p2.id].sort());
    expect(byClient.headers["x-total-count"]).toBe("2");
    const ids = async (q: string) => (await t.request({ method: "GET", url: `/api/presupuestos?q=${encodeURIComponent(q)}`, as: "Ventas" })).json().map((r: { id: number }) => r.id).sort();
    expect(await ids("zx-77")).toEqual([p1.id]);
    expect(await ids("ARAUCARIA")).toEqual([p1.id]);
    expect(await ids("peumo")).toEqual([p1.id, p2.id].sort());
    expect(await ids("no-existe-nada")).toEqual([]);
    const sortedByClient = await t.request({ method: "GET", url: "/api/presupuestos?_sort=cliente_nombre&_order=asc&_start=0&_end=500", as: "Ventas" });
    expect(sortedByClient.statusCode).toBe(200);
    expect((await t.request({ method: "GET", url: "/api/presupuestos?cliente_id=abc", as: "Ventas" })).statusCode).toBe(400);
    expect((await t.request({ method: "GET", url: "/api/presupuestos?_sort=secreto", as: "Ventas" })).statusCode).toBe(400);
  });
});

describe("GET api/presupuestos, reused answers", () => {
  const get = (headers: Record<string, string> = {}, url = "/api/presupuestos") => t.request({ method: "GET", url, as: "Ventas", headers });

  it("a write through the API shows at once, and so does a write made directly in the database", async () => {
    const first = (await get()).json() as { id: number; nombre_obra: string | null }[];
    expect((await get()).json()).toEqual(first);
    const created = (await post({ numero: numero(), cliente_id: cliente.id, nombre_obra: "Edificio Nuevo" })).json();
    const second = (await get()).json() as { id: number }[];
    expect(second.length).toBe(first.length + 1);
    expect(second[0]).toEqual(created);
    // Not through our services: the cache asks the database whether anything changed.
    await t.database.pool.query("update presupuestos set nombre_obra = 'Cambiado por SQL' where id = $1", [created.id]);
    expect((await get()).json()[0].nombre_obra).toBe("Cambiado por SQL");
    const page = await get({}, `/api/presupuestos?q=${encodeURIComponent("Cambiado por SQL")}`);
    expect(page.json().map((r: { id: number }) => r.id)).toEqual([created.id]);
    await t.database.pool.query("update presupuestos set nombre_obra = 'Otra vez' where id = $1", [created.id]);
    const again = await get({}, `/api/presupuestos?q=${encodeURIComponent("Cambiado por SQL")}`);
    expect(again.json()).toEqual([]);
    expect(again.headers["x-total-count"]).toBe("0");
  });

  it("answers 304 to a matching If-None-Match until something is written", async () => {
    const res = await get();
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    const notModified = await get({ "if-none-match": etag });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe("");
    await post({ numero: numero(), cliente_id: cliente.id });
    const changed = await get({ "if-none-match": etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it("sends gzip to a client that accepts it, with the same content", async () => {
    const plain = await get();
    const zipped = await get({ "accept-encoding": "gzip, deflate" });
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString("utf8"))).toEqual(plain.json());
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length);
  });
});

describe("PUT api/presupuestos/{id}", () => {
  it("edits the header, keeps the date when none is sent, audits the change", async () => {
    const created = (await post({ numero: numero(), cliente_id: cliente.id, fecha: "2026-04-01", nombre_obra: "Casa Soto" })).json();
    const res = await t.request({
      method: "PUT",
      url: `/api/presupuestos/${created.id}`,
      as: "Ventas",
      payload: { numero: created.numero, cliente_id: cliente.id, nombre_obra: "Casa Soto (ampliación)", total_neto_presupuestado: 1_200_000 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...created, nombre_obra: "Casa Soto (ampliación)", total_neto_presupuestado: 1_200_000 });
    const audit = await t.database.pool.query("select cambios from auditoria where entidad = 'presupuestos' and entidad_id = $1 order by id desc limit 1", [String(created.id)]);
    expect(audit.rows[0].cambios).toEqual({
      nombre_obra: { antes: "Casa Soto", despues: "Casa Soto (ampliación)" },
      total_neto_presupuestado: { antes: 0, despues: 1_200_000 },
    });
  });

  it("404 unknown, 409 number taken by another quote of the client, 400 unknown client; nothing changed", async () => {
    const a = (await post({ numero: numero(), cliente_id: cliente.id })).json();
    const b = (await post({ numero: numero(), cliente_id: cliente.id })).json();
    expect((await t.request({ method: "PUT", url: "/api/presupuestos/999999", as: "Ventas", payload: { numero: "X", cliente_id: cliente.id } })).statusCode).toBe(404);
    const dup = await t.request({ method: "PUT", url: `/api/presupuestos/${b.id}`, as: "Ventas", payload: { numero: a.numero, cliente_id: cliente.id } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors.numero).toEqual(["Ya existe un presupuesto con ese número para este cliente"]);
    const noClient = await t.request({ method: "PUT", url: `/api/presupuestos/${b.id}`, as: "Ventas", payload: { numero: b.numero, cliente_id: 999_999 } });
    expect(noClient.statusCode).toBe(400);
    expect(noClient.json().errors.cliente_id).toBeDefined();
    const invalid = await t.request({ method: "PUT", url: `/api/presupuestos/${b.id}`, as: "Ventas", payload: { numero: "", cliente_id: cliente.id } });
    expect(invalid.statusCode).toBe(400);
    expect((await t.request({ method: "GET", url: `/api/presupuestos/id/${b.id}`, as: "Ventas" })).json()).toEqual(b);
  });

  it("401 without a token, 403 for Bodega", async () => {
    const a = (await post({ numero: numero(), cliente_id: cliente.id })).json();
    expect((await t.request({ method: "PUT", url: `/api/presupuestos/${a.id}`, payload: { numero: "N", cliente_id: cliente.id } })).statusCode).toBe(401);
    expect((await t.request({ method: "PUT", url: `/api/presupuestos/${a.id}`, as: "Bodega", payload: { numero: "N", cliente_id: cliente.id } })).statusCode).toBe(403);
    expect((await t.request({ method: "GET", url: `/api/presupuestos/id/${a.id}`, as: "Ventas" })).json().numero).toBe(a.numero);
  });
});

describe("invariant", () => {
  it("after every test above, each quote has exactly one tracking record and none is orphaned", async () => {
    const r = await t.database.pool.query(`select
      (select count(*)::int from presupuestos p where (select count(*) from seguimiento_obras s where s.presupuesto_id = p.id) <> 1) sin_uno,
      (select count(*)::int from seguimiento_obras s where not exists (select 1 from presupuestos p where p.id = s.presupuesto_id)) huerfanos`);
    expect(r.rows[0]).toEqual({ sin_uno: 0, huerfanos: 0 });
  });
});
