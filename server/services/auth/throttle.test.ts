import { describe, expect, it } from "vitest";
import { HashGate, LoginThrottle, memoryThrottleStore } from "./throttle";

const opts = { freeAttempts: 3, baseDelayMs: 1000, maxDelayMs: 8000, windowMs: 60_000 };
const keys = ["ip:1", "correo:a"];

const make = () => new LoginThrottle(opts, memoryThrottleStore());
/** The attempt, or throws when the throttle refused. */
async function take(th: LoginThrottle, k: string[], now: number) {
  const r = await th.reserve(k, now);
  if (!r.attempt) throw new Error(`refused, wait ${r.waitMs}`);
  return r.attempt;
}
const refused = async (th: LoginThrottle, k: string[], now: number) => (await th.reserve(k, now)).attempt === null;

describe("LoginThrottle", () => {
  it("reserves the free attempts with their check: a fourth parallel try waits", async () => {
    const th = make();
    const tries = await Promise.all([th.reserve(keys, 0), th.reserve(keys, 0), th.reserve(keys, 0)]);
    expect(tries.every((r) => r.attempt)).toBe(true);
    expect(await th.reserve(keys, 0)).toEqual({ attempt: null, waitMs: 1000 }); // what the three leave if they all fail
    expect(await th.waitMs(keys, 0)).toBe(1000);
  });

  it("failures block with a doubling wait; past the free attempts one try at a time", async () => {
    const th = make();
    for (let i = 0; i < 3; i++) await (await take(th, keys, 0)).fail(0);
    expect(await th.waitMs(keys, 0)).toBe(1000);
    expect(await refused(th, keys, 500)).toBe(true);
    const next = await take(th, keys, 1000);
    expect(await refused(th, keys, 1000)).toBe(true); // one in flight already
    await next.fail(1000);
    expect(await th.waitMs(keys, 1000)).toBe(2000);
  });

  it("a success clears the account but not the address; a cancelled try is not counted", async () => {
    const th = make();
    await (await take(th, keys, 0)).fail(0);
    await (await take(th, keys, 0)).fail(0);
    await (await take(th, keys, 0)).cancel(0);
    await (await take(th, keys, 0)).succeed(0);
    await (await take(th, ["ip:1", "correo:b"], 0)).fail(0); // third failure of the address
    expect(await th.waitMs(["ip:1", "correo:c"], 0)).toBe(1000);
    expect(await th.waitMs(["ip:2", "correo:a"], 0)).toBe(0);
  });

  it("a finished try is counted once, whatever is called after", async () => {
    const th = make();
    const a = await take(th, keys, 0);
    await a.fail(0);
    await a.fail(0);
    await a.succeed(0);
    expect(await refused(th, keys, 0)).toBe(false);
    expect(await refused(th, keys, 0)).toBe(false);
    expect(await refused(th, keys, 0)).toBe(true);
  });

  it("failures older than the window are forgotten", async () => {
    const th = make();
    for (let i = 0; i < 3; i++) await (await take(th, keys, 0)).fail(0);
    expect(await th.waitMs(keys, 61_001)).toBe(0);
    for (let i = 0; i < 3; i++) expect(await refused(th, keys, 61_001)).toBe(false);
  });

  it("tries reserved by a process that died are forgotten after a minute", async () => {
    const th = make();
    for (let i = 0; i < 3; i++) await take(th, keys, 0); // never finished
    expect(await refused(th, keys, 1000)).toBe(true);
    expect(await refused(th, keys, 60_001)).toBe(false);
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
