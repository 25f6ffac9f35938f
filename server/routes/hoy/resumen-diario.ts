// GET api/resumen-diario (issue 19, "Hoy"): the day's cards of the caller's role (the
// home page and the morning digest read the same answer). Any signed-in user; each role
// gets only its own cards (src/domain/hoy ROLE_CARDS). ?fecha=AAAA-MM-DD asks for another
// Santiago day (default today).
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { todayInSantiago } from "../../../src/domain/dates/dates";
import { resumenDiario, resumenDiarioQuery } from "../../../src/domain/hoy/schemas";
import { isRole } from "../../../src/domain/roles/roles";
import { forbidden } from "../../errors";
import { getResumenDiario } from "../../services/hoy/get-resumen-diario";
import { errorBody } from "../schemas";

const resumenDiarioRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/resumen-diario",
    {
      config: { permission: "session" },
      schema: {
        tags: ["hoy"],
        summary: "Resumen del día para el rol de la sesión: cada tarjeta con su cantidad, cifras, los ítems más urgentes y el enlace a la pantalla que los resuelve (fecha=AAAA-MM-DD, por omisión hoy en Santiago)",
        querystring: resumenDiarioQuery,
        response: { 200: resumenDiario, 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    async (req) => {
      const rol = req.user?.rol;
      if (!isRole(rol)) throw forbidden("No tiene permiso para esta acción.");
      return getResumenDiario(req.server.database.db, rol, req.query.fecha ?? todayInSantiago());
    },
  );
};

export default resumenDiarioRoutes;
