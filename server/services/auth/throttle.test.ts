import { describe, expect, it } from "vitest";
import { HashGate, LoginThrottle } from "./throttle";

const opts = { freeAttempts: 3, baseDelayMs: 1000, maxDelayMs: 8000, windowMs: 60_000 };
const keys = ["ip:1", "correo:a"];

describe("LoginThrottle", () => {
  it("reserves the free attempts synchronously: a fourth parallel try waits", () => {
    const th = new LoginThrottle(opts);
    const tries = [th.reserve(keys, 0), th.reserve(keys, 0), th.reserve(keys, 0)];
    expect(tries.every(Boolean)).toBe(true);
    expect(th.reserve(keys, 0)).toBeNull();
    expect(th.waitMs(keys, 0)).toBe(1000); // what the three leave if they all fail
  });

  it("failures block with a doubling wait; past the free attempts one try at a time", () => {
    const th = new LoginThrottle(opts);
    for (let i = 0; i < 3; i++) th.reserve(keys, 0)!.fail(0);
    expect(th.waitMs(keys, 0)).toBe(1000);
    expect(th.reserve(keys, 500)).toBeNull();
    const next = th.reserve(keys, 1000)!;
    expect(next).not.toBeNull();
    expect(th.reserve(keys, 1000)).toBeNull(); // one in flight already
    next.fail(1000);
    expect(th.waitMs(keys, 1000)).toBe(2000);
  });

  it("a success clears the account but not the address; a cancelled try is not counted", () => {
    const th = new LoginThrottle(opts);
    th.reserve(keys, 0)!.fail(0);
    th.reserve(keys, 0)!.fail(0);
    th.reserve(keys, 0)!.cancel();
    th.reserve(keys, 0)!.succeed();
    th.reserve(["ip:1", "correo:b"], 0)!.fail(0); // third failure of the address
    expect(th.waitMs(["ip:1", "correo:c"], 0)).toBe(1000);
    expect(th.waitMs(["ip:2", "correo:a"], 0)).toBe(0);
  });

  it("a finished try is counted once, whatever is called after", () => {
    const th = new LoginThrottle(opts);
    const a = th.reserve(keys, 0)!;
    a.fail(0);
    a.fail(0);
    a.succeed();
    expect(th.reserve(keys, 0)).not.toBeNull();
    expect(th.reserve(keys, 0)).not.toBeNull();
    expect(th.reserve(keys, 0)).toBeNull();
  });

  it("failures older than the window are forgotten", () => {
    const th = new LoginThrottle(opts);
    for (let i = 0; i < 3; i++) th.reserve(keys, 0)!.fail(0);
    expect(th.waitMs(keys, 61_001)).toBe(0);
    for (let i = 0; i < 3; i++) expect(th.reserve(keys, 61_001)).not.toBeNull();
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
