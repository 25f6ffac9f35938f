// Reserved stock (materiales.stock_reservado) and the flag of a work with reservations
// (presupuestos.reserva_activa) when two transactions write one work at the same moment
// (PostgreSQL only: PGlite runs one transaction at a time). A work becoming active or closed
// (its tracking record's recepción final) refreshes the codes of the pauta lines it sees; a
// pauta write refreshes its codes only when it sees the work active. Each transaction reads
// the other's uncommitted change as absent, so a line of a code the work did not have yet
// was refreshed by neither, until `npm run recompute`. Both lock the quote row first
// (migration 0026_reserva_bloqueo_obra.sql): the second waits for the first and reads what
// it committed. Likewise a product created while a write names its code (an advisory lock).
//
// Deterministic interleaving: the first write runs as raw SQL (the statement its service
// runs) on its own connection and holds its transaction open; the second goes through the
// API and runs until it finishes or waits on a lock; then the first commits and the second
// ends. Afterwards every figure equals its definition from scratch (recompute, fix: false).
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { recompute, reportLines } from "../../scripts/recompute-lib";
import { createTestServer, type TestServer } from "../helpers";

// Every deadlock a write saw (write() retries them, so an answer alone would hide them).
const seen = vi.hoisted(() => ({ deadlocks: 0 }));
vi.mock("../../server/errors", async (importOriginal) => {
  const mod = await importOriginal<typeof import("../../server/errors")>();
  return {
    ...mod,
    pgCodeOf: (err: unknown) => {
      const code = mod.pgCodeOf(err);
      if (code === "40P01") seen.deadlocks++;
      return code;
    },
  };
});

let t: TestServer;
let run = 0;

const q = async (sql: string, params: unknown[] = []) => (await t.database.pool.query(sql, params)).rows;

interface Work {
  id: number;
  numero: string;
  seguimientoId: number;
  clienteId: number;
  /** A code of its pauta from the start (when it has lines), and one it does not have yet. */
  existing: string;
  fresh: string;
}

async function newWork(opts: { active: boolean; lines: boolean }): Promise<Work> {
  const prefix = `RC${++run}`;
  const clienteId = (await t.request({ method: "POST", url: "/api/clientes", as: "Ventas", payload: { nombre: `Cliente ${prefix}` } })).json().id as number;
  const numero = `${prefix}-P1`;
  const res = await t.request({ method: "POST", url: "/api/presupuestos", as: "Ventas", payload: { numero, cliente_id: clienteId, nombre_obra: `Obra ${numero}` } });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().id as number;
  const [s] = await q("select id from seguimiento_obras where presupuesto_id = $1", [id]);
  const w: Work = { id, numero, seguimientoId: s.id, clienteId, existing: `${prefix}-A`, fresh: `${prefix}-N` };
  for (const codigo of [w.existing, w.fresh]) {
    expect((await t.request({ method: "POST", url: "/api/materiales", as: "Adquisiciones", payload: { codigo, producto: `Producto ${codigo}` } })).statusCode).toBe(201);
    expect((await t.request({ method: "POST", url: "/api/ajuste_stock", as: "Bodega", payload: { codigo, diferencia: 1000, stock_visto: 0 } })).statusCode).toBe(201);
  }
  if (opts.lines) expect((await lote(w, [w.existing], 5)).statusCode).toBe(201);
  if (!opts.active) expect((await toggle(w)).statusCode).toBe(200);
  return w;
}

const lote = (w: Work, codigos: string[], cantidad: number) =>
  t.request({
    method: "POST",
    url: "/api/ot_pautas/herraje/lote",
    as: "Oficina Técnica",
    payload: { cliente_id: w.clienteId, presupuesto_id: w.id, numero_presupuesto: w.numero, items: codigos.map((codigo) => ({ codigo, producto: "Bisagra", cantidad })) },
  });
const toggle = (w: Work) => t.request({ method: "PUT", url: `/api/seguimiento_obras/${w.seguimientoId}/toggle`, as: "Operaciones", payload: { campo: "recepcion_final" } });
const exit = (w: Work, codigo: string) =>
  t.request({ method: "POST", url: "/api/registro_salida", as: "Bodega", payload: { codigo, producto: "x", cantidad_salida: 1, cliente_id: w.clienteId, presupuesto_id: w.id } });

/** The raw statements the services run (held open in the first transaction). */
const setFinal = (w: Work, final: boolean) => (c: pg.PoolClient) => c.query("update seguimiento_obras set recepcion_final = $2 where presupuesto_id = $1", [w.id, final]);
const insertLine = (w: Work, codigo: string, cantidad: number) => (c: pg.PoolClient) =>
  c.query(
    "insert into pautas (categoria, cliente_id, presupuesto_id, numero_presupuesto, codigo, producto, cantidad, cantidad_original) values ('herraje', $1, $2, $3, $4, 'Bisagra', $5, $5)",
    [w.clienteId, w.id, w.numero, codigo, cantidad],
  );
const deleteLines = (w: Work) => (c: pg.PoolClient) => c.query("delete from pautas where presupuesto_id = $1", [w.id]);

/**
 * `first` runs in a transaction left open; `second` (an API call) starts and runs until it
 * answers or waits on a lock; then `first` commits and `second` ends. Returns the answer.
 */
async function interleave(first: (c: pg.PoolClient) => Promise<unknown>, second: () => Promise<{ statusCode: number; body: string }>) {
  const c = await t.database.pool.connect();
  try {
    await c.query("begin");
    await first(c);
    let done = false;
    const pending = second().finally(() => (done = true));
    for (let i = 0; i < 250 && !done; i++) {
      const [{ n }] = await q("select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'");
      if (n > 0) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    await c.query("commit");
    const res = await pending;
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res;
  } finally {
    await c.query("rollback").catch(() => {}); // nothing open after a commit: a warning only
    c.release();
  }
}

async function expectFromScratch() {
  for (const r of await recompute(t.database.db, { fix: false })) expect(r.differences, reportLines([r], false).join("\n")).toEqual([]);
}
const reserved = async (codigo: string) => (await q("select stock_reservado::float8 as r from materiales where codigo = $1", [codigo]))[0].r as number;
const flag = async (w: Work) => (await q("select reserva_activa from presupuestos where id = $1", [w.id]))[0].reserva_activa as boolean;

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))("two writers of one work at the same moment (PostgreSQL)", () => {
  beforeAll(async () => {
    t = await createTestServer();
    for (const r of ["Adquisiciones", "Bodega", "Ventas", "Oficina Técnica", "Operaciones"] as const) await t.tokenFor(r);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe.each([
    { lines: true, what: "a work with pauta lines" },
    { lines: false, what: "a work without pauta lines yet" },
  ])("$what", ({ lines }) => {
    it("activated while a batch adds a code it did not have: the batch's code is reserved, the work listed", async () => {
      const w = await newWork({ active: false, lines });
      await interleave(setFinal(w, false), () => lote(w, [w.fresh], 3));
      expect(await reserved(w.fresh)).toBe(3);
      expect(await flag(w)).toBe(true);
      await expectFromScratch();
    });

    it("a line of a new code inserted while the work is activated (the other order)", async () => {
      const w = await newWork({ active: false, lines });
      await interleave(insertLine(w, w.fresh, 3), () => toggle(w));
      expect(await reserved(w.fresh)).toBe(3);
      expect(await flag(w)).toBe(true);
      await expectFromScratch();
    });

    it("closed (recepción final) while a batch adds a new code: nothing stays reserved", async () => {
      const w = await newWork({ active: true, lines });
      await interleave(setFinal(w, true), () => lote(w, [w.fresh], 3));
      expect(await reserved(w.fresh)).toBe(0);
      expect(await flag(w)).toBe(false);
      await expectFromScratch();
    });

    it("a line of a new code inserted while the work is closed (the other order)", async () => {
      const w = await newWork({ active: true, lines });
      await interleave(insertLine(w, w.fresh, 3), () => toggle(w));
      expect(await reserved(w.fresh)).toBe(0);
      expect(await flag(w)).toBe(false);
      await expectFromScratch();
    });
  });

  it("its last lines deleted while the work is activated: not listed", async () => {
    const w = await newWork({ active: false, lines: true });
    await interleave(deleteLines(w), () => toggle(w));
    expect(await reserved(w.existing)).toBe(0);
    expect(await flag(w)).toBe(false);
    await expectFromScratch();
  });

  it("activated while its last line is deleted (the other order): not listed", async () => {
    const w = await newWork({ active: false, lines: true });
    const [line] = await q("select id from pautas where presupuesto_id = $1", [w.id]);
    await interleave(setFinal(w, false), () => t.request({ method: "DELETE", url: `/api/ot_pautas/herraje/${line.id}`, as: "Oficina Técnica" }));
    expect(await reserved(w.existing)).toBe(0);
    expect(await flag(w)).toBe(false);
    await expectFromScratch();
  });

  it("a product created while a batch of an active work names its code: the product is born with the batch's reservation", async () => {
    const w = await newWork({ active: true, lines: true });
    const codigo = `${w.fresh}-nuevo`;
    await interleave(
      (c) => c.query("insert into materiales (codigo, producto) values ($1, 'Producto ' || $1)", [codigo]),
      () => lote(w, [codigo], 4),
    );
    expect(await reserved(codigo)).toBe(4);
    await expectFromScratch();
  });

  it("a line naming a code without a product inserted while the product is created (the other order)", async () => {
    const w = await newWork({ active: true, lines: true });
    const codigo = `${w.fresh}-nuevo`;
    await interleave(insertLine(w, codigo, 4), () => t.request({ method: "POST", url: "/api/materiales", as: "Adquisiciones", payload: { codigo, producto: `Producto ${codigo}` } }));
    expect(await reserved(codigo)).toBe(4);
    await expectFromScratch();
  });

  it("batches, exits and recepción final of one work in a loop, in both orders: no deadlock, every figure right", async () => {
    const w = await newWork({ active: true, lines: true });
    await q("insert into materiales (codigo, producto) select $1 || '-' || i, 'Nuevo ' || i from generate_series(0, 11) i", [w.fresh]);
    const before = seen.deadlocks;
    for (let i = 0; i < 12; i++) {
      const codigos = [w.existing, `${w.fresh}-${i}`];
      const pairs = [
        () => [toggle(w), lote(w, codigos, 1)],
        () => [lote(w, codigos, 1), toggle(w)],
        () => [exit(w, w.existing), lote(w, codigos, 1)],
        () => [lote(w, codigos, 1), exit(w, w.existing)],
        () => [exit(w, w.existing), toggle(w)],
        () => [toggle(w), exit(w, w.existing)],
      ];
      for (const pair of pairs) {
        for (const res of await Promise.all(pair())) expect(res.statusCode, res.body).toBeLessThan(300);
      }
    }
    expect(seen.deadlocks - before).toBe(0);
    await expectFromScratch();
  }, 120_000);
});
