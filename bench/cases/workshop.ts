// Workshop on the bench data (24 months: about 3,000 UTV records, 2,000 panels, 12
// workers a month): what Seguimiento UTV and Asistencia Trabajadores read for a month.
import type { BenchCase } from "../case";
import { currentPeriodo } from "../../src/domain/workshop/periods";

const periodo = currentPeriodo();
const month = `mes=${periodo.slice(5, 7)}&anio=${periodo.slice(0, 4)}`;

export const cases: BenchCase[] = [
  { name: "GET api/taller/utv?mes&anio (un mes)", method: "GET", path: `/api/taller/utv?${month}`, auth: "Bodega", target: { median: 30 } },
  { name: "GET api/taller/termopanel?mes&anio (un mes)", method: "GET", path: `/api/taller/termopanel?${month}`, auth: "Bodega", target: { median: 30 } },
  { name: "GET api/taller/instalaciones?mes&anio (un mes)", method: "GET", path: `/api/taller/instalaciones?${month}`, auth: "Bodega", target: { median: 30 } },
  { name: "GET api/trabajadores?periodo= (planilla del mes)", method: "GET", path: `/api/trabajadores?periodo=${periodo}`, auth: "Bodega", target: { median: 20 } },
  {
    name: "POST api/taller/utv (un registro, uno a la vez)",
    method: "POST",
    path: "/api/taller/utv",
    auth: "Bodega",
    connections: 1,
    body: { fecha: `${periodo}-01`, nombre_pauta: "Bench", tipo: "PVC", fijo: 2, proyectante: 3, instalador: "Ventanal", m2_instalador: 10 },
    target: { median: 20 },
  },
];
