// The http client answers a GET with the prefetched response of its URL (src/data/prefetch.ts);
// a real local server counts what reaches it.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createPrefetcher } from "../data/prefetch";
import { createHttpClient } from "./http";
import { TOKEN_KEY } from "./session";

let server: Server;
let base = "";
const seen: string[] = [];
const browserStorage = new Map<string, string>();

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url} ${req.headers.authorization ?? ""}`);
    res.setHeader("content-type", "application/json");
    res.setHeader("x-total-count", "1");
    res.end(JSON.stringify([{ desde: "servidor" }]));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // getToken() reads window.localStorage.
  (globalThis as { window?: unknown }).window = {
    localStorage: { getItem: (k: string) => browserStorage.get(k) ?? null, setItem: (k: string, v: string) => void browserStorage.set(k, v), removeItem: (k: string) => void browserStorage.delete(k) },
  };
});
afterAll(async () => {
  delete (globalThis as { window?: unknown }).window;
  await new Promise<void>((r) => server.close(() => r()));
});

function setup() {
  const learned = new Map<string, string>();
  const prefetch = createPrefetcher({
    now: () => Date.now(),
    storage: () => ({ getItem: (k) => learned.get(k) ?? null, setItem: (k, v) => void learned.set(k, v) }),
    fetch: async () => ({ status: 200, statusText: "OK", headers: { "x-total-count": "9" }, body: JSON.stringify([{ desde: "prefetch" }]) }),
  });
  const client = createHttpClient(prefetch);
  client.defaults.baseURL = `${base}/api`;
  prefetch.setUser(1);
  return { prefetch, client };
}

const page = { params: { _start: 0, _end: 50 } };

describe("http client with prefetched first reads", () => {
  beforeEach(() => {
    seen.length = 0;
    browserStorage.set(TOKEN_KEY, "t");
  });

  it("answers a screen's first read with its prefetched response (body parsed, headers kept), once", async () => {
    const { prefetch, client } = setup();
    prefetch.arrive("/StockActual");
    expect((await client.get("/materiales", page)).data).toEqual([{ desde: "servidor" }]);
    expect(seen).toEqual(["GET /api/materiales?_start=0&_end=50 Bearer t"]);

    prefetch.arrive("/StockActual");
    prefetch.prefetch("/StockActual", "t");
    const answer = await client.get("/materiales", page);
    expect(answer.data).toEqual([{ desde: "prefetch" }]);
    expect(answer.headers["x-total-count"]).toBe("9");
    expect(seen).toHaveLength(1); // the server was not asked again

    expect((await client.get("/materiales", page)).data).toEqual([{ desde: "servidor" }]);
  });

  it("never answers with a prefetch made before a write, or for another token", async () => {
    const { prefetch, client } = setup();
    prefetch.arrive("/x");
    await client.get("/materiales", page);

    prefetch.prefetch("/x", "t");
    await client.post("/materiales", {});
    expect((await client.get("/materiales", page)).data).toEqual([{ desde: "servidor" }]);

    prefetch.prefetch("/x", "t");
    browserStorage.set(TOKEN_KEY, "other");
    expect((await client.get("/materiales", page)).data).toEqual([{ desde: "servidor" }]);
  });
});
