// GET api/buscar?q=: the top bar's global search (issue 19). Any signed-in user may call
// it; the answer holds only the kinds the caller's role may read (src/domain/search).
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { isRole } from "../../../src/domain/roles/roles";
import { searchAnswer, searchQuery } from "../../../src/domain/search";
import { forbidden } from "../../errors";
import { strictQuery } from "../../lists";
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
        response: { 200: searchAnswer, ...refusals },
      },
    },
    async (req) => {
      const rol = req.user?.rol;
      if (!isRole(rol)) throw forbidden(); // the auth hook already refuses such users
      return search(req.server.database.db, rol, req.query.q);
    },
  );
};
export default buscarRoutes;
