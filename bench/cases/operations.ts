// Operations on the bench data (5,000 quotes with their tracking records, about 10,000
// supplier invoices, 6,000 client payments). The three lists: the original
// client reads each whole list (unpaged, capped), our screens read a page at a time.
// "Fresh" cases commit a tiny write every few milliseconds, so every answer is rebuilt
// (no list cache). Targets: a whole list without writes ≤ 100 ms (issue 12); with writes
// going on ≤ 150 ms, the figure issue 22 sets for every whole list with writes.
import type { BenchCase, BenchContext } from "../case";

async function keepWriting({ database }: BenchContext): Promise<() => Promise<void>> {
  let running = true;
  const loop = (async () => {
    while (running) {
      await database.pool.query("update facturas_guias set observacion = observacion where id = 1");
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  return async () => {
    running = false;
    await loop;
  };
}

export const cases: BenchCase[] = [
  { name: "GET api/seguimiento_obras (todo, hasta 5.000)", method: "GET", path: "/api/seguimiento_obras", auth: "Operaciones", target: { median: 100 } },
  { name: "GET api/seguimiento_obras (todo, escrituras en curso)", method: "GET", path: "/api/seguimiento_obras", auth: "Operaciones", target: { median: 150 }, setup: keepWriting },
  { name: "GET api/seguimiento_obras (página de 10 sin completadas)", method: "GET", path: "/api/seguimiento_obras?_start=0&_end=10&completa=false", auth: "Operaciones", target: { median: 30 } },
  {
    name: "GET api/seguimiento_obras (página, escrituras en curso)",
    method: "GET",
    path: "/api/seguimiento_obras?_start=0&_end=10&completa=false",
    auth: "Operaciones",
    target: { median: 100 },
    setup: keepWriting,
  },
  { name: "GET api/resumen-materiales (todo, hasta 5.000)", method: "GET", path: "/api/resumen-materiales", auth: "Operaciones", target: { median: 100 } },
  { name: "GET api/resumen-materiales (todo, escrituras en curso)", method: "GET", path: "/api/resumen-materiales", auth: "Operaciones", target: { median: 150 }, setup: keepWriting },
  {
    name: "GET api/resumen-materiales (página de 10, escrituras en curso)",
    method: "GET",
    path: "/api/resumen-materiales?_start=0&_end=10",
    auth: "Operaciones",
    target: { median: 100 },
    setup: keepWriting,
  },
  {
    name: "GET api/resumen-materiales/detalle/{n} (un presupuesto con pauta)",
    method: "GET",
    path: "/api/resumen-materiales/detalle/x",
    auth: "Operaciones",
    target: { median: 50 },
    prepare: async ({ database }) => {
      const r = await database.pool.query("select p.id, p.numero from presupuestos p where exists (select 1 from pautas where presupuesto_id = p.id) order by p.id limit 1");
      return { path: `/api/resumen-materiales/detalle/${encodeURIComponent(r.rows[0].numero)}?presupuesto_id=${r.rows[0].id}` };
    },
  },
  { name: "GET api/facturas_estado (todo, hasta 5.000)", method: "GET", path: "/api/facturas_estado", auth: "Contabilidad", target: { median: 100 } },
  { name: "GET api/facturas_estado (todo, escrituras en curso)", method: "GET", path: "/api/facturas_estado", auth: "Contabilidad", target: { median: 150 }, setup: keepWriting },
  { name: "GET api/facturas_estado?estado_pago=Pendiente (página de 20)", method: "GET", path: "/api/facturas_estado?_start=0&_end=20&estado_pago=Pendiente", auth: "Contabilidad", target: { median: 50 } },
  {
    name: "GET api/facturas_estado (proveedor y estado, escrituras en curso)",
    method: "GET",
    path: "/api/facturas_estado?_start=0&_end=20&estado_pago=Vigente&proveedor=Vidrios%20Lirqu%C3%A9n%20S.A.",
    auth: "Contabilidad",
    target: { median: 100 },
    setup: keepWriting,
  },
];
