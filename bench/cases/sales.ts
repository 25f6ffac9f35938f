// Sales lists on the bench data (2,000 clients, 5,000 quotes, 40,000 items).
import type { BenchCase } from "../case";

export const cases: BenchCase[] = [
  { name: "GET api/clientes", method: "GET", path: "/api/clientes", auth: "Ventas", target: { median: 40 } },
  { name: "GET api/presupuestos", method: "GET", path: "/api/presupuestos", auth: "Ventas", target: { median: 40 } },
  { name: "GET api/presupuestos?_start=0&_end=50", method: "GET", path: "/api/presupuestos?_start=0&_end=50", auth: "Ventas", target: { median: 15 } },
];
