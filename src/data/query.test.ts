// One key space: an invalidation by a screen's key reaches Refine's views of the same rows.
import { describe, expect, it } from "vitest";
import { QueryClient } from "@tanstack/react-query";
import { keys } from "@refinedev/core";
import { invalidate } from "./query";

/** A cached answer under `key`, fresh until something invalidates it. */
function cached(client: QueryClient, key: readonly unknown[]) {
  client.setQueryData(key, { rows: [] });
  return () => client.getQueryState(key)?.isInvalidated ?? false;
}

describe("invalidate(client, key)", () => {
  it("asks again the screens' reads under the key, and only those", async () => {
    const client = new QueryClient();
    const mine = cached(client, ["pagos_clientes", 7]);
    const other = cached(client, ["salidas", "page", { page: 1 }]);
    await invalidate(client, ["pagos_clientes"]);
    expect(mine()).toBe(true);
    expect(other()).toBe(false);
  });

  it("reaches Refine's list and record of the same resource (the declared facturas_guias list)", async () => {
    const client = new QueryClient();
    const list = cached(client, keys().data().resource("facturas_guias").action("list").params({ pagination: { currentPage: 1 } }).get());
    const one = cached(client, keys().data().resource("facturas_guias").action("one").id("5").params({}).get());
    const unrelated = cached(client, keys().data().resource("vehiculos").action("list").params({}).get());
    await invalidate(client, ["facturas_guias"]);
    expect(list()).toBe(true);
    expect(one()).toBe(true);
    expect(unrelated()).toBe(false);
  });
});
