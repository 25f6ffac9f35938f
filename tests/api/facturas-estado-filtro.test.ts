// GET api/facturas_estado?estado_pago=X (and estado_calculado=X): the state filter is written
// as each state's own conditions (estadoCalculadoIs of server/services/operations/factura-row.ts)
// so the partial indexes serve it. Here: the rows it answers are exactly the rows whose
// computed state is X (and the domain's invoiceComputedState agrees), in every order and
// page, for invoices around today (due yesterday, today, tomorrow), paid with several
// spellings, and on credit 0; and the list's own statements read those indexes.
// On PGlite and PostgreSQL.
import { drizzle } from "drizzle-orm/node-postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayInSantiago } from "../../src/domain/dates/dates";
import { INVOICE_PAYMENT_STATES, invoiceComputedState, type InvoicePaymentState } from "../../src/domain/operations/invoices";
import * as schema from "../../server/db/schema";
import { declaredService } from "../../server/resources";
import { createTestServer, type TestServer } from "../helpers";

let t: TestServer;
const today = todayInSantiago();

interface Row {
  id: number;
  estado_pago: string | null;
  tipo_dte: number | null;
  dias_credito: number;
  fecha: string;
  vencimiento: string;
  estado_calculado: InvoicePaymentState;
}

const SPELLINGS = [null, "", "Pagado", "pagado", " PAGADO ", "Pagado  ", "Pendiente", "no pagado"] as const;
const CREDITS = [0, 30] as const;
/** Credit notes added (4 dates × 2 credits × unpaid or paid). */
const CREDIT_NOTES = 16;
/** Due this many days from today: yesterday, today, tomorrow, long ago, far ahead. */
const DUE = [-1, 0, 1, -45, 20] as const;

beforeAll(async () => {
  t = await createTestServer();
  const values: unknown[] = [];
  const tuples: string[] = [];
  let n = 0;
  for (const credit of CREDITS) {
    for (const due of DUE) {
      for (const estado of SPELLINGS) {
        const fecha = addDays(today, due - credit);
        n += 1;
        const p = values.length;
        values.push(`Proveedor ${String.fromCharCode(65 + (n % 7))}`, `F-${n}`, fecha, credit, estado, 1000 * ((n * 37) % 50) + n, fecha);
        tuples.push(`($${p + 1}, $${p + 2}, $${p + 3}::date, $${p + 4}::int, $${p + 5}, $${p + 6}::bigint, $${p + 7}::date)`);
      }
    }
  }
  await t.database.pool.query(
    `insert into facturas_guias (proveedor, numero_factura, fecha, dias_credito, estado_pago, monto_total, fecha_recepcion) values ${tuples.join(", ")}`,
    values,
  );
  // Credit notes (tipo 61, 32.4.b): their own state unless marked paid, whatever their due date.
  await t.database.pool.query(
    `insert into facturas_guias (proveedor, tipo_dte, numero_factura, fecha, dias_credito, estado_pago, monto_neto, iva, monto_total, fecha_recepcion)
     select 'Proveedor NC', 61, 'NC-' || i || '-' || c || '-' || coalesce(e, 'x'), $1::date - i * 10, c, e, -1000 * i, -190 * i, -1190 * i, $1::date
     from generate_series(1, 4) i, unnest(array[0, 30]) c, unnest(array[null, 'Pagado']) e`,
    [today],
  );
});
afterAll(() => t.close());

async function list(qs: string): Promise<{ rows: Row[]; total: number }> {
  const res = await t.request({ method: "GET", url: `/api/facturas_estado?${qs}`, as: "Contabilidad" });
  expect(res.statusCode, qs).toBe(200);
  return { rows: res.json(), total: Number(res.headers["x-total-count"]) };
}

const ORDERS = ["", "_sort=vencimiento&_order=asc", "_sort=monto_total&_order=desc", "_sort=proveedor&_order=asc", "_sort=estado_calculado,fecha&_order=asc,desc", "_sort=fecha&_order=asc"];
const SETS: InvoicePaymentState[][] = [...INVOICE_PAYMENT_STATES.map((s) => [s]), ["Vencida", "Vigente"], ["Pagado", "Contado"], ["Vencida", "Contado"], ["Vigente", "Pagado", "Contado"], [...INVOICE_PAYMENT_STATES]];

describe("the state filter of GET api/facturas_estado", () => {
  it("the computed state is the domain's for every invoice around today (the data covers every state)", async () => {
    const { rows } = await list("_start=0&_end=500");
    expect(rows).toHaveLength(CREDITS.length * DUE.length * SPELLINGS.length + CREDIT_NOTES);
    for (const r of rows) expect(r.estado_calculado, JSON.stringify(r)).toBe(invoiceComputedState(r, today));
    for (const s of INVOICE_PAYMENT_STATES) expect(rows.some((r) => r.estado_calculado === s)).toBe(true);
    const dueToday = rows.filter((r) => r.vencimiento === today && r.dias_credito > 0 && r.estado_calculado !== "Pagado" && r.tipo_dte !== 61);
    expect(dueToday.length).toBeGreaterThan(0);
    for (const r of dueToday) expect(r.estado_calculado).toBe("Vigente");
  });

  it("filtered rows, their order, pages and total are the unfiltered list's rows of those states", async () => {
    for (const order of ORDERS) {
      const all = (await list(`_start=0&_end=500${order ? `&${order}` : ""}`)).rows;
      for (const set of SETS) {
        const expected = all.filter((r) => set.includes(r.estado_calculado)).map((r) => r.id);
        for (const param of set.length === 1 ? ["estado_pago", "estado_calculado"] : ["estado_calculado"]) {
          const filter = set.map((s) => `${param}=${s}`).join("&");
          const whole = await list(`${filter}&_start=0&_end=500${order ? `&${order}` : ""}`);
          expect(whole.rows.map((r) => r.id), `${filter} ${order}`).toEqual(expected);
          expect(whole.total, `${filter} ${order}`).toBe(expected.length);
          const page = await list(`${filter}&_start=3&_end=9${order ? `&${order}` : ""}`);
          expect(page.rows.map((r) => r.id), `${filter} ${order} page`).toEqual(expected.slice(3, 9));
          expect(page.total).toBe(expected.length);
        }
      }
    }
    // Pendiente is Vencida.
    const vencidas = (await list("estado_pago=Vencida&_start=0&_end=500")).rows.map((r) => r.id);
    expect((await list("estado_pago=Pendiente&_start=0&_end=500")).rows.map((r) => r.id)).toEqual(vencidas);
  });

  it("the list's statements (page and total) read the state's partial index, not every row", async () => {
    const list = declaredService("facturas_guias").list;
    const expected: Record<InvoicePaymentState, RegExp> = {
      Pagado: /facturas_guias_pagadas_idx/,
      Contado: /facturas_guias_contado_idx/,
      Vencida: /facturas_guias_por_pagar(_fecha)?_idx/,
      Vigente: /facturas_guias_por_pagar(_fecha)?_idx/,
      "Nota de crédito": /facturas_guias_nota_credito_idx/,
    };
    await list.readJson(t.database.db, list.query.parse({})); // the JSON selection is probed once, first
    for (const estado of INVOICE_PAYMENT_STATES) {
      const seen: { sql: string; params: unknown[] }[] = [];
      const spy = drizzle(t.database.pool, { schema, logger: { logQuery: (q, p) => void seen.push({ sql: q, params: p }) } });
      await list.readJson(spy, list.query.parse({ estado_pago: estado, _start: "0", _end: "20" }));
      const statements = seen.filter((s) => /\bfacturas_guias\b/.test(s.sql));
      expect(statements.length, estado).toBe(2); // the page and its total
      for (const s of statements) {
        const client = await t.database.pool.connect();
        try {
          await client.query("begin");
          await client.query("set local enable_seqscan = off");
          const plan = (await client.query(`explain ${s.sql}`, s.params)).rows.map((r) => Object.values(r)[0]).join("\n");
          expect(plan, `${estado}: ${s.sql}`).toMatch(expected[estado]);
          expect(plan, `${estado}: ${s.sql}`).not.toMatch(/\bcase\b/i);
        } finally {
          await client.query("rollback");
          client.release();
        }
      }
    }
  });
});
