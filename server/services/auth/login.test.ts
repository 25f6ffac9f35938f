// The sign-in service on a migrated database with the first administrator (PGlite, or
// PostgreSQL with TEST_DATABASE_URL): why a refusal was given, and what a sign-in whose
// client has gone away leaves behind.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, openServerTestDatabase } from "../../../tests/helpers";
import type { Database } from "../../db/connect";
import { login, SignInRefused } from "./login";
import { LoginThrottle } from "./throttle";

const OPTS = { freeAttempts: 2, baseDelayMs: 60_000, maxDelayMs: 60_000, windowMs: 60_000, concurrentHashes: 1, queuedHashes: 0 };

let database: Database;
beforeAll(async () => {
  database = await openServerTestDatabase();
});
afterAll(() => database.close());

const signIn = (throttle: LoginThrottle, ip: string, contrasena: string, signal?: AbortSignal, correo = ADMIN.correo) =>
  login({ db: database.db, user: null, route: "POST /api/login" }, { correo, contrasena }, { ip, throttle, sessionHours: 1, signal });
const reasonOf = (p: Promise<unknown>) =>
  p.then(
    () => "ok",
    (err: unknown) => (err instanceof SignInRefused ? err.reason : err),
  );
async function rows(keys: string[]) {
  const r = await database.pool.query("select clave, fallos, en_curso from intentos_ingreso where clave = any($1) order by clave", [keys]);
  return r.rows;
}
const sessions = async () => (await database.pool.query("select count(*)::int as n from sesiones")).rows[0].n as number;

describe("login", () => {
  it("says why it refused (for the log): wrong credentials, the throttle's wait, the password-check queue full", async () => {
    const throttle = new LoginThrottle(OPTS, database.db);
    const nadie = "nadie@ejemplo.cl";
    expect(await reasonOf(signIn(throttle, "10.9.0.1", "mala", undefined, nadie))).toBe("bad_credentials");
    let release!: () => void;
    const held = throttle.hashes.run(() => new Promise<void>((r) => (release = r))); // the only slot, no queue
    expect(await reasonOf(signIn(throttle, "10.9.0.2", ADMIN.contrasena))).toBe("queue_full");
    release();
    await held;
    expect(await reasonOf(signIn(throttle, "10.9.0.1", "mala", undefined, nadie))).toBe("bad_credentials");
    expect(await reasonOf(signIn(throttle, "10.9.0.1", "mala", undefined, nadie))).toBe("throttle_wait");
  });

  it("a client gone after its password check ran: a wrong password still counts, a right one opens no session and is not counted", async () => {
    const throttle = new LoginThrottle(OPTS, database.db);
    // The client leaves just as its check ends.
    const leave = new AbortController();
    const run = throttle.hashes.run.bind(throttle.hashes);
    throttle.hashes.run = async (work, signal) => {
      const result = await run(work, signal);
      leave.abort();
      return result;
    };
    const before = await sessions();
    const err: unknown = await signIn(throttle, "10.9.1.1", ADMIN.contrasena, leave.signal).catch((e: unknown) => e);
    expect(err).toBe(leave.signal.reason); // rejected with the signal's reason
    expect(await sessions()).toBe(before);
    expect(await rows(["ip:10.9.1.1"])).toEqual([{ clave: "ip:10.9.1.1", fallos: 0, en_curso: 0 }]);
    const other = new AbortController();
    throttle.hashes.run = async (work, signal) => {
      const result = await run(work, signal);
      other.abort();
      return result;
    };
    expect(await reasonOf(signIn(throttle, "10.9.1.2", "mala", other.signal, "otro@ejemplo.cl"))).toBe("bad_credentials");
    expect(await rows(["ip:10.9.1.2"])).toEqual([{ clave: "ip:10.9.1.2", fallos: 1, en_curso: 0 }]);
  });
});
