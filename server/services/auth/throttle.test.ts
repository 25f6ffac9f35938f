// The throttle's rules run in the database (migration login_throttle_functions): these run
// them on a migrated PGlite (and on PostgreSQL with TEST_DATABASE_URL), with the clock given.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openMigratedTestDatabase } from "../../../tests/helpers";
import type { Database } from "../../db/connect";
import { prepared } from "../../db/prepared";
import { HashGate, LoginThrottle } from "./throttle";
import { purgeLoginAttempts } from "./throttle-store";

const opts = { freeAttempts: 3, baseDelayMs: 1000, maxDelayMs: 8000, windowMs: 60_000 };

let database: Database;
beforeAll(async () => {
  database = await openMigratedTestDatabase();
});
afterAll(() => database.close());

/** A throttle on keys of its own (each test's keys are fresh rows). */
let n = 0;
function make() {
  const th = new LoginThrottle(opts, database.db);
  const id = ++n;
  return { th, keys: [`ip:1.${id}`, `correo:a${id}`], key: (k: string) => `${k}.${id}` };
}
/** The attempt, or throws when the throttle refused. */
async function take(th: LoginThrottle, k: string[], now: number) {
  const r = await th.reserve(k, now);
  if (!r.attempt) throw new Error(`refused, wait ${r.waitMs}`);
  return r.attempt;
}
const refused = async (th: LoginThrottle, k: string[], now: number) => (await th.reserve(k, now)).attempt === null;
const waitOf = async (th: LoginThrottle, k: string[], now: number) => {
  const r = await th.reserve(k, now);
  if (r.attempt) {
    await r.attempt.cancel(now);
    return 0;
  }
  return r.waitMs;
};

describe("LoginThrottle", () => {
  it("reserves the free attempts with their check: a fourth parallel try waits", async () => {
    const { th, keys } = make();
    const tries = await Promise.all([th.reserve(keys, 0), th.reserve(keys, 0), th.reserve(keys, 0)]);
    expect(tries.every((r) => r.attempt)).toBe(true);
    expect(await th.reserve(keys, 0)).toEqual({ attempt: null, waitMs: 1000 }); // what the three leave if they all fail
  });

  it("failures block with a doubling wait; past the free attempts one try at a time", async () => {
    const { th, keys } = make();
    for (let i = 0; i < 3; i++) await (await take(th, keys, 0)).fail(0);
    expect(await waitOf(th, keys, 0)).toBe(1000);
    expect(await refused(th, keys, 500)).toBe(true);
    const next = await take(th, keys, 1000);
    expect(await refused(th, keys, 1000)).toBe(true); // one in flight already
    await next.fail(1000);
    expect(await waitOf(th, keys, 1000)).toBe(2000);
  });

  it("a success clears the account but not the address; a cancelled try is not counted", async () => {
    const { th, keys, key } = make();
    const [ip, correo] = keys;
    await (await take(th, keys, 0)).fail(0);
    await (await take(th, keys, 0)).fail(0);
    await (await take(th, keys, 0)).cancel(0);
    await (await take(th, keys, 0)).succeed(0);
    await (await take(th, [ip, key("correo:b")], 0)).fail(0); // third failure of the address
    expect(await waitOf(th, [ip, key("correo:c")], 0)).toBe(1000);
    expect(await waitOf(th, [key("ip:2"), correo], 0)).toBe(0);
  });

  it("a success sent inside the caller's statement counts once it has run; a failed statement leaves the attempt open", async () => {
    const { th, keys, key } = make();
    for (let i = 0; i < 2; i++) await (await take(th, keys, 0)).fail(0);
    const a = await take(th, keys, 0);
    await expect(a.succeedWithin((finish, values) => prepared(database.db, sql`select ${finish}, 1 / 0`)(values))).rejects.toThrow();
    await a.cancel(0); // still open: cancelled, not counted
    const b = await take(th, keys, 0);
    await b.succeedWithin((finish, values) => prepared(database.db, sql`select ${finish}`)(values), 0);
    await b.fail(0); // already finished: nothing
    await (await take(th, keys, 0)).fail(0); // third failure of the address, first of the account since the success
    expect(await waitOf(th, keys, 0)).toBe(1000);
    expect(await waitOf(th, [key("ip:2"), keys[1]], 0)).toBe(0);
  });

  it("a finished try is counted once, whatever is called after", async () => {
    const { th, keys } = make();
    const a = await take(th, keys, 0);
    await a.fail(0);
    await a.fail(0);
    await a.succeed(0);
    expect(await refused(th, keys, 0)).toBe(false);
    expect(await refused(th, keys, 0)).toBe(false);
    expect(await refused(th, keys, 0)).toBe(true);
  });

  it("failures older than the window are forgotten", async () => {
    const { th, keys } = make();
    for (let i = 0; i < 3; i++) await (await take(th, keys, 0)).fail(0);
    expect(await waitOf(th, keys, 61_001)).toBe(0);
    for (let i = 0; i < 3; i++) expect(await refused(th, keys, 61_001)).toBe(false);
  });

  it("tries reserved by a process that died are forgotten after a minute", async () => {
    const { th, keys } = make();
    for (let i = 0; i < 3; i++) await take(th, keys, 0); // never finished
    expect(await refused(th, keys, 1000)).toBe(true);
    expect(await refused(th, keys, 60_001)).toBe(false);
  });

  it("a row with nothing left to remember stays until the purge drops it once its window has passed", async () => {
    const { th, keys } = make();
    const twoMinutesAgo = Date.now() - 120_000;
    await (await take(th, keys, twoMinutesAgo)).succeed(twoMinutesAgo);
    const rows = async () => (await database.pool.query("select count(*)::int as n from intentos_ingreso where clave = any($1)", [keys])).rows[0].n;
    expect(await rows()).toBe(2);
    await purgeLoginAttempts(database.db, 10 * 60_000);
    expect(await rows()).toBe(2);
    await purgeLoginAttempts(database.db, 60_000);
    expect(await rows()).toBe(0);
  });
});

describe("HashGate", () => {
  it("runs at most `concurrency` at once, queues `queue` more and refuses the rest", async () => {
    const gate = new HashGate(2, 1);
    let running = 0;
    let peak = 0;
    const work = async () => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, 20));
      running--;
      return "hecho";
    };
    const results = await Promise.all([gate.run(work), gate.run(work), gate.run(work), gate.run(work)]);
    expect(results).toEqual(["hecho", "hecho", "hecho", null]);
    expect(peak).toBe(2);
    expect(await gate.run(work)).toBe("hecho"); // free again
  });

  it("a failing task frees its slot", async () => {
    const gate = new HashGate(1, 0);
    await expect(gate.run(() => Promise.reject(new Error("x")))).rejects.toThrow("x");
    expect(await gate.run(async () => 1)).toBe(1);
  });
});

describe("HashGate: callers that leave", { timeout: 5000 }, () => {
  /** A work that runs until `finish()` is called, and records that it started. */
  function held<T>(value: T) {
    let finish!: () => void;
    const done = new Promise<void>((r) => (finish = r));
    const w = { started: false, finish, work: async () => ((w.started = true), await done, value) };
    return w;
  }
  const tick = () => new Promise((r) => setImmediate(r));

  it("a waiter whose signal aborts leaves the queue at once: its place is free, its work never runs, it rejects with the signal's reason", async () => {
    const gate = new HashGate(1, 1);
    const a = held("a");
    const pa = gate.run(a.work);
    const b = held("b");
    const leave = new AbortController();
    const pb = gate.run(b.work, leave.signal);
    expect(gate.load).toEqual({ running: 1, waiting: 1 });
    expect(await gate.run(async () => "c")).toBeNull(); // the queue is full
    const reason = new Error("se fue");
    leave.abort(reason);
    await expect(pb).rejects.toBe(reason);
    expect(gate.load).toEqual({ running: 1, waiting: 0 });
    const d = held("d");
    const pd = gate.run(d.work); // takes the freed place
    expect(gate.load).toEqual({ running: 1, waiting: 1 });
    a.finish();
    expect(await pa).toBe("a");
    await tick();
    expect(d.started).toBe(true);
    d.finish();
    expect(await pd).toBe("d");
    expect(b.started).toBe(false);
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it("a signal aborted before the call: nothing runs, nothing is held", async () => {
    const gate = new HashGate(1, 1);
    const b = held("b");
    await expect(gate.run(b.work, AbortSignal.abort())).rejects.toThrow();
    expect(b.started).toBe(false);
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it("a waiter aborted between its turn and its start passes the slot on unused", async () => {
    const gate = new HashGate(1, 2);
    const a = held("a");
    const pa = gate.run(a.work);
    const b = held("b");
    const leave = new AbortController();
    // The turn is handed over by removing the waiter's abort listener: abort right then.
    const signal = leave.signal;
    const remove = signal.removeEventListener.bind(signal);
    signal.removeEventListener = ((...args: Parameters<AbortSignal["removeEventListener"]>) => {
      remove(...args);
      leave.abort();
    }) as AbortSignal["removeEventListener"];
    const pb = gate.run(b.work, signal);
    const c = held("c");
    const pc = gate.run(c.work);
    a.finish();
    await pa;
    await expect(pb).rejects.toThrow();
    await tick();
    expect(b.started).toBe(false);
    expect(c.started).toBe(true);
    expect(gate.load).toEqual({ running: 1, waiting: 0 });
    c.finish();
    await pc;
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it("aborting a running work, or one already finished, does not change the count: the work ends and hands its slot on", async () => {
    const gate = new HashGate(1, 1);
    const a = held("a");
    const leaveA = new AbortController();
    const pa = gate.run(a.work, leaveA.signal);
    await tick();
    expect(a.started).toBe(true);
    leaveA.abort();
    expect(gate.load).toEqual({ running: 1, waiting: 0 });
    const b = held("b");
    const leaveB = new AbortController();
    const pb = gate.run(b.work, leaveB.signal);
    expect(gate.load).toEqual({ running: 1, waiting: 1 });
    a.finish();
    expect(await pa).toBe("a"); // a started check runs to its end
    await tick();
    expect(b.started).toBe(true);
    b.finish();
    expect(await pb).toBe("b");
    leaveB.abort(); // after the end: nothing
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
    // Still at most one at a time.
    const c = held("c");
    const d = held("d");
    const pc = gate.run(c.work);
    const pd = gate.run(d.work);
    await tick();
    expect([c.started, d.started]).toEqual([true, false]);
    c.finish();
    d.finish();
    expect(await Promise.all([pc, pd])).toEqual(["c", "d"]);
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });
});
