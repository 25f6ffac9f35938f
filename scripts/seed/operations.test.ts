// The operations seed at demo scale: invoices in every payment state through the real
// API (computed on today's date), VAT as the domain computes it, and client payments that
// never exceed a budget's total with VAT.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { loadConfig } from "../../server/config";
import type { Database } from "../../server/db/connect";
import { openDemoDatabase } from "./test-fixture";
import { iva, totalConIva } from "../../src/domain/money";
import { DEMO_PASSWORD } from "./index";

let database: Database;
beforeAll(async () => {
  database = await openDemoDatabase(); // a copy of the run's demo database
});
afterAll(() => database.close());

const rows = async (sql: string) => (await database.pool.query(sql)).rows;

describe("operations seed, demo scale", () => {
  it("writes 50 invoices whose VAT and total follow the net, in every computed state", async () => {
    const invoices = await rows("select monto_neto::float8 neto, iva::float8 iva, monto_total::float8 total from facturas_guias");
    expect(invoices).toHaveLength(50);
    for (const f of invoices) expect({ iva: f.iva, total: f.total }).toEqual({ iva: iva(f.neto), total: totalConIva(f.neto) });
    const app = await buildApp({ database, config: { ...loadConfig({}), webDir: undefined }, logger: false });
    try {
      const login = await app.inject({ method: "POST", url: "/api/login", payload: { correo: "contabilidad@ventanal.cl", contrasena: DEMO_PASSWORD } });
      const token = login.json().token as string;
      const res = await app.inject({ method: "GET", url: "/api/facturas_estado", headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode).toBe(200);
      const states = new Set(res.json().map((f: { estado_calculado: string }) => f.estado_calculado));
      expect([...states].sort()).toEqual(["Contado", "Pagado", "Vencida", "Vigente"]);
    } finally {
      await app.close();
    }
  });

  it("client payments never exceed the budget's total with VAT; settled works are paid in full", async () => {
    const sums = await rows(`select p.id, round(p.total_neto_presupuestado * 1.19)::float8 total, s.pago, coalesce(sum(pc.monto), 0)::float8 pagado
      from presupuestos p join seguimiento_obras s on s.presupuesto_id = p.id left join pagos_clientes pc on pc.presupuesto_id = p.id group by p.id, s.pago`);
    expect(sums.some((q) => q.pagado > 0)).toBe(true);
    for (const q of sums) {
      expect(q.pagado).toBeLessThanOrEqual(q.total);
      if (q.pago && q.total > 0) expect(q.pagado).toBe(q.total);
    }
  });
});
