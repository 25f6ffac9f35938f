// "Resumen de Obras y Materiales" (section 7 Operations): GET api/resumen-materiales and
// GET api/resumen-materiales/detalle/{presupuestoNumber}. Operaciones section.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { resumenDetalleRow, resumenObraRow } from "../../../src/domain/operations/schemas";
import { idQueryField } from "../../../src/domain/fields";
import { MSG_SELECCIONE_CLIENTE, MSG_SELECCIONE_PRESUPUESTO } from "../../../src/domain/sales/schemas";
import { sendList, sendRows, strictQuery, type ListQuery } from "../../lists";
import { answerResumen, resumenDetalle, resumenList } from "../../services/operations/resumen-materiales";
import { errorBody, refusals, sectionAccess } from "../schemas";

const operaciones = sectionAccess("operaciones");
const tags = operaciones.tags;

const resumenMaterialesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/resumen-materiales",
    {
      config: operaciones.read,
      schema: {
        tags,
        summary: "Presupuestos con neto presupuestado, neto real (salidas a su precio_neto) y utilidad %; paginado y buscable",
        querystring: resumenList.query,
        response: { 200: z.array(resumenObraRow), 304: z.null(), ...refusals },
      },
    },
    async (req, reply) => sendList(req, reply, await answerResumen(req.server.database.db, req.query as ListQuery)),
  );

  app.get(
    "/resumen-materiales/detalle/:presupuestoNumber",
    {
      config: operaciones.read,
      schema: {
        tags,
        summary: "Detalle por código de la pauta del presupuesto: reservado, salido, pendiente, precio y neto; presupuesto_id o cliente_id eligen entre números repetidos ([] si no coinciden con ninguno; 404 si el número no existe)",
        params: z.object({ presupuestoNumber: z.string().min(1).max(50) }),
        querystring: strictQuery({ presupuesto_id: idQueryField(MSG_SELECCIONE_PRESUPUESTO).optional(), cliente_id: idQueryField(MSG_SELECCIONE_CLIENTE).optional() }),
        response: { 200: z.array(resumenDetalleRow), ...refusals, 404: errorBody, 409: errorBody },
      },
    },
    async (req, reply) => sendRows(reply, await resumenDetalle(req.server.database.db, req.params.presupuestoNumber, req.query)),
  );
};
export default resumenMaterialesRoutes;
