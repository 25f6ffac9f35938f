// The demo tells a true story (issue "Fit and finish"): works cost near their budgets
// (utility of finished works mostly 10–35 %, a few losses), the workshop's UTV records name
// real quotes and works, supplier invoices and orders come from the Proveedores list with
// products of the supplier's line, client payments follow each work's stage, and
// full-time workers attend nearly every working day.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../server/db/connect";
import { openDemoDatabase } from "./test-fixture";
import { utilityPercent } from "../../src/domain/operations";
import { todayInSantiago } from "../../src/domain/dates/dates";
import { productsSoldBy } from "./supplier-lines";
import { workingDays } from "./workshop";

let database: Database;
beforeAll(async () => {
  database = await openDemoDatabase(); // a copy of the run's demo database
});
afterAll(() => database.close());

const rows = async (q: string) => (await database.pool.query(q)).rows;

describe("demo data, a true story", () => {
  it("finished works cost near their budgets: utility mostly 10–35 %, a few losses, none absurd", async () => {
    const works = await rows(`select p.id, p.total_neto_presupuestado::float8 neto,
        coalesce((select sum(si.cantidad * si.precio_neto) from salidas_inventario si where si.presupuesto_id = p.id), 0)::float8 real
      from presupuestos p join seguimiento_obras s on s.presupuesto_id = p.id where s.fabricacion`);
    expect(works.length).toBeGreaterThanOrEqual(5);
    const utilities = works.map((w) => utilityPercent(w.neto, w.real));
    const inRange = utilities.filter((u) => u >= 10 && u <= 35).length;
    expect(inRange / utilities.length, utilities.join(", ")).toBeGreaterThanOrEqual(0.7);
    expect(utilities.some((u) => u < 0), utilities.join(", ")).toBe(true);
    for (const u of utilities) {
      expect(u).toBeGreaterThan(-20);
      expect(u).toBeLessThan(50);
    }
    // A work not started has taken nothing.
    const [idle] = await rows(`select count(*)::int n from salidas_inventario si join seguimiento_obras s on s.presupuesto_id = si.presupuesto_id
      where not (s.perfiles or s.refuerzos or s.tornillos or s.accesorios or s.gomas_cepillos or s.herraje or s.vidrio or s.fabricacion)`);
    expect(idle.n).toBe(0);
  });

  it("every quote names its salesperson (a Ventas or Gerencia user), as its PDF prints", async () => {
    const [q] = await rows("select count(*)::int n from presupuestos p left join usuarios u on u.id = p.creado_por where u.rol is null or u.rol not in ('Ventas', 'Gerencia')");
    expect(q.n).toBe(0);
  });

  it("UTV records name real quotes and their works; panels name real clients", async () => {
    const utv = await rows(`select u.numero_pauta, u.nombre_pauta, exists (select 1 from presupuestos p join clientes c on c.id = p.cliente_id
        where p.numero = u.numero_pauta and (p.nombre_obra = u.nombre_pauta or c.nombre = u.nombre_pauta)) as real from taller_utv u`);
    expect(utv.length).toBeGreaterThan(0);
    for (const u of utv) expect(u.real, `${u.numero_pauta} ${u.nombre_pauta}`).toBe(true);
    const [t] = await rows("select count(*)::int n from taller_termopanel t where not exists (select 1 from clientes c where c.nombre = t.cliente)");
    expect(t.n).toBe(0);
  });

  it("supplier invoices and orders come from the Proveedores list, for products the supplier sells", async () => {
    const products = await rows("select codigo, producto from materiales");
    const [orphan] = await rows("select count(*)::int n from facturas_guias f where f.proveedor_id is null or not exists (select 1 from proveedores p where p.id = f.proveedor_id and p.proveedor = f.proveedor)");
    expect(orphan.n).toBe(0);
    for (const f of await rows("select proveedor, observacion from facturas_guias")) {
      const sold = productsSoldBy(f.proveedor, products).map((p) => p.producto);
      expect(sold.some((name) => String(f.observacion).startsWith(name)), `${f.proveedor}: ${f.observacion}`).toBe(true);
    }
    for (const i of await rows("select o.proveedor, i.codigo from items_oc i join ordenes_compra o on o.numero_oc = i.numero_oc")) {
      expect(productsSoldBy(i.proveedor, products).map((p) => p.codigo), `${i.proveedor}: ${i.codigo}`).toContain(i.codigo);
    }
  });

  it("client payments follow the work's stage: a work at Pago is paid in full, ending with Pago final; no payment before it is accepted", async () => {
    const works = await rows(`select p.id, round(p.total_neto_presupuestado * 1.19)::float8 total, s.pago, s.rectificacion,
        coalesce(sum(pc.monto), 0)::float8 pagado, count(pc.id)::int pagos,
        count(*) filter (where pc.estado = 'Pago final')::int finales
      from presupuestos p join seguimiento_obras s on s.presupuesto_id = p.id left join pagos_clientes pc on pc.presupuesto_id = p.id
      group by p.id, s.pago, s.rectificacion`);
    expect(works.some((w) => w.pago)).toBe(true);
    for (const w of works) {
      if (w.pago) expect({ pagado: w.pagado, finales: w.finales }).toEqual({ pagado: w.total, finales: 1 });
      else expect(w.finales).toBe(0);
      if (!w.rectificacion) expect(w.pagos).toBe(0);
      expect(w.pagado).toBeLessThanOrEqual(w.total);
    }
  });

  it("full-time workers attend nearly every working day (medical leave aside)", async () => {
    const today = todayInSantiago();
    const workers = await rows("select periodo, nombre, dias_trab, observacion from trabajadores");
    expect(workers.length).toBeGreaterThan(0);
    for (const w of workers) {
      const last = w.periodo === today.slice(0, 7) ? Number(today.slice(8, 10)) : new Date(Date.UTC(Number(w.periodo.slice(0, 4)), Number(w.periodo.slice(5, 7)), 0)).getUTCDate();
      const full = workingDays(w.periodo, last);
      expect(w.dias_trab, `${w.periodo} ${w.nombre}`).toBeLessThanOrEqual(full);
      if (w.observacion !== "Licencia médica") expect(w.dias_trab, `${w.periodo} ${w.nombre}`).toBeGreaterThanOrEqual(full - 2);
    }
  });
});
