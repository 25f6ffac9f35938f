// One key space: an invalidation by a screen's key reaches Refine's views of the same rows;
// a write asks again the keys it changes.
import { describe, expect, it, vi } from "vitest";
import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { keys } from "@refinedev/core";
import { invalidate, write } from "./query";

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

describe("write(client, call, effects)", () => {
  /** A read under `key` that a screen shows (an observer), answering `answers` in turn. */
  function shown(client: QueryClient, key: readonly unknown[], answers: unknown[]) {
    const asked: number[] = [];
    const observer = new QueryObserver(client, {
      queryKey: key,
      queryFn: () => {
        asked.push(asked.length);
        return Promise.resolve(answers[Math.min(asked.length - 1, answers.length - 1)]);
      },
      staleTime: Infinity,
    });
    const stop = observer.subscribe(() => {});
    return { asked, stop, data: () => client.getQueryData(key) };
  }

  it("asks again the keys it changes once saved, and resolves when their screens have the new answer", async () => {
    const client = new QueryClient();
    const list = shown(client, ["pagos_clientes", 7], ["before", "after"]);
    await vi.waitFor(() => expect(list.data()).toBe("before"));
    const answer = await write(client, () => Promise.resolve({ id: 1 }), { invalidates: [["pagos_clientes"]] });
    expect(answer).toEqual({ id: 1 });
    expect(list.data()).toBe("after");
    expect(list.asked).toHaveLength(2);
    list.stop();
  });

  it("asks nothing again when the write is refused, and rethrows", async () => {
    const client = new QueryClient();
    const list = shown(client, ["pagos_clientes", 7], ["before", "after"]);
    await vi.waitFor(() => expect(list.data()).toBe("before"));
    await expect(write(client, () => Promise.reject(new Error("409")), { invalidates: [["pagos_clientes"]] })).rejects.toThrow("409");
    expect(list.asked).toHaveLength(1);
    expect(client.getQueryState(["pagos_clientes", 7])?.isInvalidated).toBe(false);
    list.stop();
  });

  it("from a list: a read of it that ran during the write is asked again when the write ends; one that did not is left", async () => {
    const client = new QueryClient();
    const page1 = shown(client, ["inventario_join", "page", { page: 1 }], ["p1", "p1 again"]);
    const page2 = shown(client, ["inventario_join", "page", { page: 2 }], ["p2"]);
    await vi.waitFor(() => expect(page2.data()).toBe("p2"));
    let finish: (v: string) => void = () => {};
    const saving = write(client, () => new Promise<string>((r) => (finish = r)), { from: ["inventario_join", "page"] });
    // A search typed meanwhile: page 1 read during the save.
    await client.refetchQueries({ queryKey: ["inventario_join", "page", { page: 1 }] });
    expect(page1.asked).toHaveLength(2);
    finish("saved");
    expect(await saving).toBe("saved");
    await vi.waitFor(() => expect(page1.asked).toHaveLength(3));
    expect(page2.asked).toHaveLength(1);
    page1.stop();
    page2.stop();
  });
});
