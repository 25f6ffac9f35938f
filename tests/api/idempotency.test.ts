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
  it("a repeat writes once and replays the first answer, even with another body", async () => {
    await t.tokenFor("Informático");
    const before = await counts();
    const first = await post("clave-1", body());
    expect(first.statusCode).toBe(201);
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    const again = await post("clave-1", body({ nombre: "Otro cuerpo" }));
    expect(again.statusCode).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json()).toEqual(first.json());
    expect(await counts()).toEqual({ usuarios: before.usuarios + 1, auditoria: before.auditoria + 1 });
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
