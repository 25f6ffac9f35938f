// Repeated failed logins (design page "Users"): slowed down per address and per account
// with 429 and Retry-After, never a permanent lock-out.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, createTestServer, type TestServer } from "../helpers";

const DELAY = 300;
let t: TestServer;
beforeAll(async () => {
  t = await createTestServer({ throttle: { freeAttempts: 3, baseDelayMs: DELAY, maxDelayMs: 2000, windowMs: 60_000 } });
  for (const correo of ["uno@ejemplo.cl", "dos@ejemplo.cl", "tres@ejemplo.cl"]) {
    const res = await t.request({ method: "POST", url: "/api/usuarios", as: "Informático", payload: { nombre: correo, correo, rol: "Ventas", contrasena: "secreta1" } });
    expect(res.statusCode).toBe(201);
  }
});
afterAll(() => t.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const login = (correo: string, contrasena: string, from: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url: "/api/login", remoteAddress: from, headers, payload: { correo, contrasena } });

describe("login throttle", () => {
  it("after the free attempts: 429 in Spanish with Retry-After, even for the right password; the real user gets in after the wait", async () => {
    for (let i = 0; i < 3; i++) expect((await login(ADMIN.correo, "mala", "10.0.0.1")).statusCode).toBe(401);
    const sessions = await t.count("sesiones");
    const blocked = await login(ADMIN.correo, ADMIN.contrasena, "10.0.0.1");
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: "Demasiados intentos fallidos. Espere 1 segundo antes de volver a intentar.", errors: {} });
    expect(blocked.headers["retry-after"]).toBe("1");
    expect(await t.count("sesiones")).toBe(sessions);
    await sleep(DELAY + 50);
    const ok = await login(ADMIN.correo, ADMIN.contrasena, "10.0.0.1");
    expect(ok.statusCode).toBe(200);
    expect(ok.json().usuario.correo).toBe(ADMIN.correo);
  });

  it("per account: changing address does not help the guesser", async () => {
    for (let i = 0; i < 3; i++) expect((await login("uno@ejemplo.cl", "mala", `10.1.0.${i + 1}`)).statusCode).toBe(401);
    expect((await login("uno@ejemplo.cl", "secreta1", "10.1.0.99")).statusCode).toBe(429);
    expect((await login("dos@ejemplo.cl", "secreta1", "10.1.0.99")).statusCode).toBe(200); // other accounts unaffected
    await sleep(DELAY + 50);
    expect((await login("uno@ejemplo.cl", "secreta1", "10.1.0.99")).statusCode).toBe(200);
  });

  it("per address: spraying many accounts from one address is slowed too", async () => {
    for (let i = 0; i < 3; i++) expect((await login(`nadie${i}@ejemplo.cl`, "mala", "10.2.0.1")).statusCode).toBe(401);
    expect((await login("tres@ejemplo.cl", "secreta1", "10.2.0.1")).statusCode).toBe(429);
    expect((await login("tres@ejemplo.cl", "secreta1", "10.2.0.2")).statusCode).toBe(200);
  });

  it("X-Forwarded-For from a client that is not a local proxy is ignored", async () => {
    for (let i = 0; i < 3; i++) {
      const res = await login(`spray${i}@ejemplo.cl`, "mala", "203.0.113.9", { "x-forwarded-for": `198.51.100.${i}` });
      expect(res.statusCode).toBe(401);
    }
    const res = await login("spray9@ejemplo.cl", "mala", "203.0.113.9", { "x-forwarded-for": "198.51.100.200" });
    expect(res.statusCode).toBe(429);
  });

  it("a local reverse proxy's X-Forwarded-For is the client address", async () => {
    for (let i = 0; i < 3; i++) {
      expect((await login(`proxy${i}@ejemplo.cl`, "mala", "127.0.0.1", { "x-forwarded-for": "192.0.2.50" })).statusCode).toBe(401);
    }
    expect((await login("dos@ejemplo.cl", "secreta1", "127.0.0.1", { "x-forwarded-for": "192.0.2.50" })).statusCode).toBe(429);
    expect((await login("dos@ejemplo.cl", "secreta1", "127.0.0.1", { "x-forwarded-for": "192.0.2.51" })).statusCode).toBe(200);
  });

  it("bad input is a 400 and does not count as a failed attempt", async () => {
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({ method: "POST", url: "/api/login", remoteAddress: "10.3.0.1", payload: { correo: "no-es-correo" } });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.correo).toEqual(["Correo inválido"]);
    }
    expect((await login("tres@ejemplo.cl", "secreta1", "10.3.0.1")).statusCode).toBe(200);
  });
});
