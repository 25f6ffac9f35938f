// GET api/buscar?q=: the top bar's global search (issue 19). Any signed-in user may call
// it; the answer holds only the kinds the caller's role may read (src/domain/search).
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { isRole } from "../../../src/domain/roles/roles";
import { searchAnswer, searchKindsFor, searchQuery } from "../../../src/domain/search";
import { forbidden } from "../../errors";
import { cachedAnswer, sendList, strictQuery } from "../../lists";
import { search } from "../../services/search/search";
import { refusals } from "../schemas";

const buscarRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/buscar",
    {
      config: { permission: "session" },
      schema: {
        tags: ["busqueda"],
        summary:
          "Búsqueda global: clientes (nombre, RUT), presupuestos (número, obra), OC (número, proveedor), materiales (código, producto), proveedores (nombre, RUT) y facturas (número), sin distinguir mayúsculas ni tildes; hasta 5 por tipo, solo los tipos que el rol puede leer",
        querystring: strictQuery(searchQuery.shape),
        response: { 200: searchAnswer, 304: z.null(), ...refusals },
      },
    },
    async (req, reply) => {
      const rol = req.user?.rol;
      if (!isRole(rol)) throw forbidden(); // the auth hook already refuses such users
      const db = req.server.database.db;
      // Kept like a list's answer until a table it read is written; roles that see the same kinds share it.
      const key = `buscar:${searchKindsFor(rol).join(",")}:${req.query.q}`;
      return sendList(req, reply, await cachedAnswer(db, key, () => search(db, rol, req.query.q)));
    },
  );
};
export default buscarRoutes;
