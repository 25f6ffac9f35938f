// Safe retries (design page "Retries are safe"): a POST repeated with the same
// Idempotency-Key by the same user writes once and gets the first answer again.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../helpers";

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer();
});
afterAll(() => t.close());

let n = 0;
const correo = () => `idem${++n}-${Date.now()}@ejemplo.cl`;
const body = (extra: Record<string, unknown> = {}) => ({ nombre: "Reintento", correo: correo(), rol: "Ventas", contrasena: "secreta1", ...extra });
const post = (key: string | null, payload: unknown, as: "Informático" | "Gerencia" = "Informático") =>
  t.request({ method: "POST", url: "/api/usuarios", as, payload: payload as object, headers: key === null ? {} : { "idempotency-key": key } });
async function counts() {
  return { usuarios: await t.count("usuarios"), auditoria: await t.count("auditoria") };
}

describe("Idempotency-Key on POST", () => {
  it("a repeat with the same body writes once and replays the first answer", async () => {
    await t.tokenFor("Informático");
    const before = await counts();
    const payload = body();
    const first = await post("clave-1", payload);
    expect(first.statusCode).toBe(201);
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    const again = await post("clave-1", { ...payload });
    expect(again.statusCode).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json()).toEqual(first.json());
    expect(await counts()).toEqual({ usuarios: before.usuarios + 1, auditoria: before.auditoria + 1 });
  });

  it("23.9 a repeat with a different body is 422 and writes nothing", async () => {
    const payload = body();
    const first = await post("clave-otros-datos", payload);
    expect(first.statusCode).toBe(201);
    const before = await counts();
    const again = await post("clave-otros-datos", { ...payload, nombre: "Otro cuerpo" });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ message: "La clave de idempotencia ya se usó con otros datos.", errors: {} });
    expect(again.headers["idempotent-replayed"]).toBeUndefined();
    expect(await counts()).toEqual(before);
    // The same body in another key order is the same data: replayed.
    const reordered = Object.fromEntries(Object.entries(payload).reverse());
    const replay = await post("clave-otros-datos", reordered);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers["idempotent-replayed"]).toBe("true");
  });

  it("23.9 the key and its answer are stored in the handler's own transaction", async () => {
    const payload = body();
    const res = await post("clave-tx", payload);
    expect(res.statusCode).toBe(201);
    const rows = await t.database.pool.query("select estado_http, respuesta from idempotencia where clave = 'clave-tx'");
    expect(rows.rows).toEqual([{ estado_http: 201, respuesta: res.json() }]);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)("23.9 while the handler runs no key is visible: a crash before commit leaves nothing, and after commit the key holds its answer", async () => {
    await t.tokenFor("Informático");
    const payload = body();
    const holder = await t.database.pool.connect();
    try {
      // Another transaction inserts the same address uncommitted: the POST's insert waits on it.
      await holder.query("begin");
      await holder.query("insert into usuarios (nombre, correo, rol, password_hash) values ('Bloqueo', $1, 'Ventas', 'x')", [payload.correo]);
      const pending = post("clave-en-curso", payload);
      for (let i = 0; i < 100; i++) {
        const waiting = await t.database.pool.query("select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'");
        if (waiting.rows[0].n > 0) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      const during = await t.database.pool.query("select estado_http from idempotencia where clave = 'clave-en-curso'");
      expect(during.rows).toEqual([]);
      await holder.query("rollback");
      const res = await pending;
      expect(res.statusCode).toBe(201);
      const after = await t.database.pool.query("select estado_http from idempotencia where clave = 'clave-en-curso'");
      expect(after.rows).toEqual([{ estado_http: 201 }]);
    } finally {
      holder.release();
    }
  });

  it("23.9 read-only POSTs are not stored: a repeat with the same key runs again", async () => {
    const token = await t.tokenFor("Adquisiciones");
    for (const codigo of ["IDEM-1", "IDEM-2"]) {
      expect((await t.request({ method: "POST", url: "/api/materiales", token, payload: { codigo, producto: `Producto ${codigo}` } })).statusCode).toBe(201);
    }
    const borradores = (codigo: string) =>
      t.request({ method: "POST", url: "/api/ordenes_compra/borradores", token, headers: { "idempotency-key": "clave-lectura" }, payload: { faltantes: [{ codigo, cantidad: 3 }] } });
    const first = await borradores("IDEM-1");
    expect(first.statusCode).toBe(200);
    const stored = await t.database.pool.query("select count(*)::int as n from idempotencia where clave = 'clave-lectura'");
    expect(stored.rows[0].n).toBe(0);
    const second = await borradores("IDEM-2");
    expect(second.statusCode).toBe(200);
    expect(second.headers["idempotent-replayed"]).toBeUndefined();
    expect(JSON.stringify(second.json())).toContain("IDEM-2");
  });

  it("23.9 the query string is part of the data; a 200 answer is replayed as 200", async () => {
    const token = await t.tokenFor("Bodega");
    const copiar = (q: string) => t.request({ method: "POST", url: `/api/trabajadores/copiar?${q}`, token, headers: { "idempotency-key": "clave-copiar" } });
    expect((await t.request({ method: "POST", url: "/api/trabajadores", token, payload: { periodo: "2025-01", nombre: "Ana Soto" } })).statusCode).toBe(201);
    const first = await copiar("de=2025-01&a=2025-02");
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ copiados: 1, omitidos: 0 });
    const again = await copiar("de=2025-01&a=2025-02");
    expect(again.statusCode).toBe(200);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json()).toEqual(first.json());
    const other = await copiar("de=2025-01&a=2025-03");
    expect(other.statusCode).toBe(422);
    expect(await t.count("trabajadores where periodo = '2025-03'")).toBe(0);
  });

  it("another user with the same key is independent", async () => {
    await t.tokenFor("Gerencia");
    const before = await counts();
    const mine = await post("compartida", body());
    const theirs = await post("compartida", body(), "Gerencia");
    expect(mine.statusCode).toBe(201);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers["idempotent-replayed"]).toBeUndefined();
    expect(theirs.json().id).not.toBe(mine.json().id);
    expect(await counts()).toEqual({ usuarios: before.usuarios + 2, auditoria: before.auditoria + 2 });
  });

  it("a failed first attempt (400) frees the key: the corrected retry runs", async () => {
    const bad = await post("clave-400", body({ contrasena: "123" }));
    expect(bad.statusCode).toBe(400);
    const good = await post("clave-400", body());
    expect(good.statusCode).toBe(201);
    expect(good.headers["idempotent-replayed"]).toBeUndefined();
  });

  it("a refused first attempt (409, after the key was reserved) frees the key too", async () => {
    const taken = (await post(null, body())).json().correo;
    const before = await counts();
    const conflict = await post("clave-409", body({ correo: taken }));
    expect(conflict.statusCode).toBe(409);
    const left = await t.database.pool.query("select count(*)::int as n from idempotencia where clave = 'clave-409'");
    expect(left.rows[0].n).toBe(0);
    const retry = await post("clave-409", body());
    expect(retry.statusCode).toBe(201);
    expect(retry.headers["idempotent-replayed"]).toBeUndefined();
    expect((await counts()).usuarios).toBe(before.usuarios + 1);
  });

  it("simultaneous twins write once", async () => {
    const before = await counts();
    const payload = body();
    const results = await Promise.all([1, 2, 3, 4].map(() => post("gemelos", payload)));
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.every((s) => s === 201 || s === 409), statuses.join()).toBe(true);
    const created = results.filter((r) => r.statusCode === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    for (const r of created) expect(r.json()).toEqual(created[0].json());
    expect((await counts()).usuarios).toBe(before.usuarios + 1);
  });

  it("a key used for another operation is refused (409) and that operation does not run", async () => {
    const token = await t.tokenFor("Gerencia");
    expect((await post("clave-ruta", body(), "Gerencia")).statusCode).toBe(201);
    const res = await t.request({ method: "POST", url: "/api/logout", token, headers: { "idempotency-key": "clave-ruta" } });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("Esta clave de idempotencia ya se usó para otra operación.");
    expect((await t.request({ method: "GET", url: "/api/usuarios", token })).statusCode).toBe(200); // still logged in
  });

  it("a key older than 24 hours is forgotten", async () => {
    const first = await post("clave-vieja", body());
    await t.database.pool.query("update idempotencia set creada_en = now() - interval '25 hours' where clave = 'clave-vieja'");
    const again = await post("clave-vieja", body());
    expect(again.statusCode).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBeUndefined();
    expect(again.json().id).not.toBe(first.json().id);
  });

  it("400 for an over-long key, nothing written", async () => {
    const before = await counts();
    const res = await post("k".repeat(201), body());
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("La cabecera Idempotency-Key debe tener entre 1 y 200 caracteres.");
    expect(await counts()).toEqual(before);
  });

  it("without a key every POST writes", async () => {
    const before = await counts();
    const payload = body();
    expect((await post(null, payload)).statusCode).toBe(201);
    expect((await post(null, payload)).statusCode).toBe(409); // same address: a real second attempt
    expect((await counts()).usuarios).toBe(before.usuarios + 1);
  });
});
