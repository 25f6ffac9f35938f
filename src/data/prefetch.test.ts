import { describe, expect, it } from "vitest";
import { createPrefetcher, type PrefetchEnv, type PrefetchedResponse } from "./prefetch";

function fakeEnv() {
  const store = new Map<string, string>();
  const fetched: { url: string; token: string }[] = [];
  const clock = { now: 1_000_000 };
  const env: PrefetchEnv = {
    now: () => clock.now,
    storage: () => ({ getItem: (k) => store.get(k) ?? null, setItem: (k, v) => void store.set(k, v) }),
    fetch: async (url, token): Promise<PrefetchedResponse> => {
      fetched.push({ url, token });
      return { status: 200, statusText: "OK", headers: { "x-total-count": "3" }, body: `[${JSON.stringify(url)}]` };
    },
  };
  return { env, store, fetched, clock };
}

describe("prefetch: a screen's first reads start as soon as its address is known", () => {
  it("learns the GETs of an address's first seconds and fetches them on the next visit", async () => {
    const { env, fetched, clock } = fakeEnv();
    const p = createPrefetcher(env);
    p.setUser(7);
    p.arrive("/StockActual");
    p.noteRead("/api/materiales?_start=0&_end=50");
    p.noteRead("/api/materiales?_start=0&_end=50"); // a repeat is one read
    clock.now += 5_000;
    p.noteRead("/api/materiales?q=perfil"); // later: the person searched, not a first read
    expect(p.learnedFor("/StockActual")).toEqual(["/api/materiales?_start=0&_end=50"]);

    p.arrive("/StockActual");
    p.prefetch("/StockActual", "tok");
    expect(fetched).toEqual([{ url: "/api/materiales?_start=0&_end=50", token: "tok" }]);
    const hit = p.take("/api/materiales?_start=0&_end=50", "tok");
    await expect(hit).resolves.toMatchObject({ status: 200, headers: { "x-total-count": "3" } });
    // Once only.
    expect(p.take("/api/materiales?_start=0&_end=50", "tok")).toBeUndefined();
  });

  it("keeps at most four first reads an address, and each user's apart", () => {
    const { env } = fakeEnv();
    const p = createPrefetcher(env);
    p.setUser(1);
    p.arrive("/x");
    for (let i = 0; i < 6; i++) p.noteRead(`/api/a${i}`);
    expect(p.learnedFor("/x")).toEqual(["/api/a0", "/api/a1", "/api/a2", "/api/a3"]);
    p.setUser(2);
    expect(p.learnedFor("/x")).toEqual([]);
    p.setUser(null);
    p.arrive("/x");
    p.noteRead("/api/b");
    expect(p.learnedFor("/x")).toEqual([]);
  });

  it("never answers another token, an old prefetch, or one asked before a write", () => {
    const { env, clock } = fakeEnv();
    const p = createPrefetcher(env);
    p.setUser(1);
    p.arrive("/x");
    p.noteRead("/api/a");
    p.prefetch("/x", "tok");
    expect(p.take("/api/a", "other-token")).toBeUndefined();

    p.prefetch("/x", "tok");
    clock.now += 11_000;
    expect(p.take("/api/a", "tok")).toBeUndefined();

    p.prefetch("/x", "tok");
    p.forgetAll();
    expect(p.take("/api/a", "tok")).toBeUndefined();
  });

  it("does not fetch without a token or what is already on the way", () => {
    const { env, fetched } = fakeEnv();
    const p = createPrefetcher(env);
    p.setUser(1);
    p.arrive("/x");
    p.noteRead("/api/a");
    p.prefetch("/x", null);
    expect(fetched).toHaveLength(0);
    p.prefetch("/x", "tok");
    p.prefetch("/x", "tok"); // pointerdown, then the route change
    expect(fetched).toHaveLength(1);
  });

  it("survives unreadable storage", () => {
    const { env, store } = fakeEnv();
    const p = createPrefetcher(env);
    p.setUser(1);
    store.set("vt-primeras-lecturas:1", "{not json");
    expect(p.learnedFor("/x")).toEqual([]);
    p.arrive("/x");
    p.noteRead("/api/a");
    expect(p.learnedFor("/x")).toEqual(["/api/a"]);
  });
});
