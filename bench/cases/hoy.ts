// "Hoy" (issue 19): GET api/resumen-diario, all the cards of one role (each card one
// query, no cache), at bench scale. Target: median under 100 ms per role on PGlite.
import type { BenchCase, BenchContext } from "../case";
import type { Role } from "../../src/domain/roles/roles";

const ROLES_WITH_CARDS: Role[] = ["Gerencia", "Contabilidad", "Operaciones", "Bodega", "Adquisiciones", "Ventas", "Fábrica", "Oficina Técnica"];

export const cases: BenchCase[] = ROLES_WITH_CARDS.map((rol) => ({
  name: `GET api/resumen-diario (${rol})`,
  method: "GET",
  path: "/api/resumen-diario",
  auth: rol,
  target: { median: 100 },
}));

/** Every answer recomputed: a tiny write every few milliseconds empties the cache. */
async function keepWriting({ database }: BenchContext): Promise<() => Promise<void>> {
  let running = true;
  const loop = (async () => {
    while (running) {
      await database.pool.query("update solicitudes_bodega set solicitante = solicitante where id = 1");
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  return async () => {
    running = false;
    await loop;
  };
}

for (const rol of ROLES_WITH_CARDS) {
  cases.push({ name: `GET api/resumen-diario (${rol}, escrituras en curso: sin caché)`, method: "GET", path: "/api/resumen-diario", auth: rol, connections: 1, target: { median: 100 }, setup: keepWriting });
}
