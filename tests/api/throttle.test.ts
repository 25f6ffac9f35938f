// Repeated failed logins (design page "Users"): slowed down per address and per account
// with 429 and Retry-After, never a permanent lock-out.
import net from "node:net";
import type { AddressInfo } from "node:net";
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

describe("23.6 parallel sign-ins", () => {
  it("23.6 parallel sign-ins are throttled: 40 wrong passwords at once give at most the free attempts as 401, the rest 429; the real user gets in after the wait", async () => {
    const correo = "paralelo@ejemplo.cl";
    const res = await t.request({ method: "POST", url: "/api/usuarios", as: "Informático", payload: { nombre: "Paralelo", correo, rol: "Ventas", contrasena: "secreta1" } });
    expect(res.statusCode).toBe(201);
    const answers = await Promise.all(Array.from({ length: 40 }, () => login(correo, "mala", "10.6.0.1")));
    const unauthorized = answers.filter((a) => a.statusCode === 401).length;
    const throttled = answers.filter((a) => a.statusCode === 429);
    console.info(`23.6: 40 parallel wrong passwords → ${unauthorized} × 401, ${throttled.length} × 429`);
    expect(unauthorized).toBeLessThanOrEqual(3);
    expect(unauthorized + throttled.length).toBe(40);
    for (const a of throttled) expect(Number(a.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    expect((await login(correo, "secreta1", "10.6.0.1")).statusCode).toBe(429);
    await sleep(DELAY + 50);
    expect((await login(correo, "secreta1", "10.6.0.1")).statusCode).toBe(200);
  });
});

describe("password checks are bounded", () => {
  it("23.6 a flood of sign-ins from many addresses queues the password checks, then answers 429 with Retry-After", async () => {
    const small = await createTestServer({ throttle: { freeAttempts: 3, baseDelayMs: DELAY, maxDelayMs: 2000, windowMs: 60_000, concurrentHashes: 1, queuedHashes: 2 } });
    try {
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          small.app.inject({ method: "POST", url: "/api/login", remoteAddress: `10.7.0.${i + 1}`, payload: { correo: `flood${i}@ejemplo.cl`, contrasena: "mala" } }),
        ),
      );
      const busy = answers.filter((a) => a.statusCode === 429);
      expect(answers.every((a) => a.statusCode === 401 || a.statusCode === 429)).toBe(true);
      expect(busy.length).toBeGreaterThan(0);
      expect(answers.length - busy.length).toBeGreaterThanOrEqual(3); // one running + two queued at least
      for (const a of busy) {
        expect(a.headers["retry-after"]).toBe("1");
        expect(a.json().message).toBe("Hay demasiados inicios de sesión en curso. Intente nuevamente en 1 segundo.");
      }
      // A refusal for a busy server is not a failed attempt: the address may sign in at once.
      const refused = answers.findIndex((a) => a.statusCode === 429);
      const res = await small.app.inject({ method: "POST", url: "/api/login", remoteAddress: `10.7.0.${refused + 1}`, payload: { correo: `flood${refused}@ejemplo.cl`, contrasena: "mala" } });
      expect(res.statusCode).toBe(401);
      for (let i = 0; i < 1; i++) await small.app.inject({ method: "POST", url: "/api/login", remoteAddress: `10.7.0.${refused + 1}`, payload: { correo: "otro@ejemplo.cl", contrasena: "mala" } });
      // Two failures of the address: had the refusal counted too, it would be blocked now.
      expect((await small.app.inject({ method: "POST", url: "/api/login", remoteAddress: `10.7.0.${refused + 1}`, payload: { correo: ADMIN.correo, contrasena: ADMIN.contrasena } })).statusCode).toBe(200);
    } finally {
      await small.close();
    }
  });
});

describe("sign-ins whose client has gone away", () => {
  const THROTTLE = { freeAttempts: 3, baseDelayMs: DELAY, maxDelayMs: 2000, windowMs: 60_000, concurrentHashes: 1, queuedHashes: 2 };

  /** A sign-in sent on a socket of its own (from `from`, through the local proxy's X-Forwarded-For), to be dropped unanswered. */
  function rawLogin(port: number, correo: string, contrasena: string, from: string): net.Socket {
    const body = JSON.stringify({ correo, contrasena });
    const socket = net.connect(port, "127.0.0.1");
    socket.on("error", () => {});
    socket.write(
      `POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nX-Forwarded-For: ${from}\r\n\r\n${body}`,
    );
    return socket;
  }
  async function until(what: string, cond: () => boolean | Promise<boolean>): Promise<void> {
    for (let waited = 0; !(await cond()); waited += 10) {
      if (waited > 3000) throw new Error(`not reached: ${what}`);
      await sleep(10);
    }
  }
  /** The throttle's rows of these keys: failures and attempts in flight. */
  async function rows(s: TestServer, keys: string[]) {
    const r = await s.database.pool.query<{ clave: string; fallos: number; en_curso: number }>(
      "select clave, fallos, en_curso from intentos_ingreso where clave = any($1) order by clave",
      [keys],
    );
    return r.rows;
  }
  const keysOf = (correo: string, from: string) => [`correo:${correo}`, `ip:${from}`];

  /** A test server listening on a free port, its only password-check slot held by a check that lasts until `release()`: every sign-in sent waits in the queue. */
  async function listeningWithSlotHeld() {
    const s = await createTestServer({ throttle: THROTTLE });
    await s.app.listen({ port: 0, host: "127.0.0.1" });
    const port = (s.app.server.address() as AddressInfo).port;
    const gate = s.app.loginThrottle.hashes;
    let release!: () => void;
    const held = gate.run(() => new Promise<void>((r) => (release = r)));
    return { s, port, gate, held, release: () => release() };
  }

  it("an abandoned sign-in leaves the password-check queue at once, uncounted: the next sign-ins find room and all get in", async () => {
    // A long password check holds the only slot, so every sign-in below waits in the queue.
    const { s, port, gate, held, release } = await listeningWithSlotHeld();
    try {
      const gone = [0, 1].map((i) => ({ correo: `ida${i}@ejemplo.cl`, from: `192.0.2.${10 + i}` }));
      const sockets = gone.map((g) => rawLogin(port, g.correo, "mala", g.from));
      await until("both queued", () => gate.load.waiting === 2);
      for (const g of gone) expect(await rows(s, keysOf(g.correo, g.from))).toEqual(keysOf(g.correo, g.from).map((clave) => ({ clave, fallos: 0, en_curso: 1 })));
      for (const socket of sockets) socket.destroy();
      await until("the queue emptied", () => gate.load.waiting === 0);
      // The queue has room again: new sign-ins wait for the slot and get in (no 429).
      const answers = Promise.all(
        [0, 1].map((i) =>
          fetch(`http://127.0.0.1:${port}/api/login`, {
            method: "POST",
            headers: { "content-type": "application/json", "x-forwarded-for": `192.0.2.${20 + i}` },
            body: JSON.stringify(ADMIN),
          }),
        ),
      );
      await until("the new ones queued", () => gate.load.waiting === 2);
      release();
      await held;
      expect((await answers).map((a) => a.status)).toEqual([200, 200]);
      // The abandoned attempts were cancelled: nothing in flight, no failure counted.
      for (const g of gone) {
        await until("cancelled", async () => (await rows(s, keysOf(g.correo, g.from))).every((r) => r.en_curso === 0));
        expect(await rows(s, keysOf(g.correo, g.from))).toEqual(keysOf(g.correo, g.from).map((clave) => ({ clave, fallos: 0, en_curso: 0 })));
      }
      expect(gate.load).toEqual({ running: 0, waiting: 0 });
    } finally {
      await s.close();
    }
  });

  it("closing the server waits for a running sign-in whose client left: its check ends on an open database and counts", async () => {
    const { s, port, gate, held, release } = await listeningWithSlotHeld();
    let closed = false;
    try {
      const correo = "cierre@ejemplo.cl";
      const from = "192.0.2.30";
      const socket = rawLogin(port, correo, "mala", from);
      await until("queued", () => gate.load.waiting === 1);
      release();
      await held;
      await until("its check started", () => gate.load.waiting === 0 && gate.load.running === 1);
      socket.destroy();
      await s.app.close();
      closed = true;
      // The check had started: its wrong password counts (dropping the connection does not
      // make a guess free), and the attempt is no longer in flight, all before the close ended.
      expect(await rows(s, keysOf(correo, from))).toEqual(keysOf(correo, from).map((clave) => ({ clave, fallos: 1, en_curso: 0 })));
      expect(gate.load).toEqual({ running: 0, waiting: 0 });
    } finally {
      if (!closed) await s.app.close();
      await s.database.close();
    }
  });
});
