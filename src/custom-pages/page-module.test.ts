import { describe, expect, it } from "vitest";
import { isModuleStarted, loadModule } from "./page-module";

describe("loadModule: a page's code, asked for once, readable once there", () => {
  it("asks once and marks the promise fulfilled with its module (React's use() then reads it without suspending)", async () => {
    let calls = 0;
    const load = () => {
      calls++;
      return Promise.resolve({ default: "Pagina" });
    };
    const first = loadModule(load);
    expect(first.status).toBe("pending");
    expect(loadModule(load)).toBe(first);
    expect(isModuleStarted(load)).toBe(true);
    await first;
    expect(first.status).toBe("fulfilled");
    expect(first.value).toEqual({ default: "Pagina" });
    expect(calls).toBe(1);
  });

  it("forgets a failed load, so the next visit asks again", async () => {
    let calls = 0;
    const load = () => (++calls === 1 ? Promise.reject(new Error("sin red")) : Promise.resolve({ default: "Pagina" }));
    const failed = loadModule(load);
    await expect(failed).rejects.toThrow("sin red");
    expect(failed.status).toBe("rejected");
    expect(isModuleStarted(load)).toBe(false);
    const retried = loadModule(load);
    expect(retried).not.toBe(failed);
    await expect(retried).resolves.toEqual({ default: "Pagina" });
    expect(calls).toBe(2);
  });
});
