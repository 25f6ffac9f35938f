// Supplier invoices and delivery notes (section 7 Operations): GET and POST
// api/facturas_guias (Bodega: "Registro de Facturas/Guías"), PUT api/facturas_guias/{id}
// and GET api/facturas_estado (Operaciones: payment status control).
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { facturaGuiaRow, facturaGuiaSchema, facturaGuiaUpdateSchema } from "../../../src/domain/operations/schemas";
import { sendList, type ListQuery } from "../../lists";
import { createFactura } from "../../services/operations/create-factura";
import { answerFacturas, facturasList } from "../../services/operations/list-facturas";
import { updateFactura } from "../../services/operations/update-factura";
import { contextOf } from "../../services/write";
import { errorBody, idParams, refusals, sectionAccess } from "../schemas";

const bodega = sectionAccess("bodega");
const operaciones = sectionAccess("operaciones");
const list = { 200: z.array(facturaGuiaRow), 304: z.null(), ...refusals };

const facturasGuiasRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/facturas_guias",
    {
      config: bodega.read,
      schema: {
        tags: bodega.tags,
        summary: "Facturas y guías de proveedores con vencimiento y estado calculado, más recientes primero; proveedor= filtra por proveedor",
        querystring: facturasList.query,
        response: list,
      },
    },
    async (req, reply) => sendList(req, reply, await answerFacturas(req.server.database.db, "facturas_guias", req.query as ListQuery)),
  );

  app.post(
    "/facturas_guias",
    {
      config: bodega.write,
      schema: {
        tags: bodega.tags,
        summary: "Registrar una factura o guía; IVA y total desde el neto si vienen vacíos; días de crédito del proveedor si no se envían",
        body: facturaGuiaSchema,
        response: { 201: facturaGuiaRow, ...refusals, 409: errorBody },
      },
    },
    async (req, reply) => reply.status(201).send(await createFactura(contextOf(req), req.body)),
  );

  app.put(
    "/facturas_guias/:id",
    {
      config: operaciones.write,
      schema: {
        tags: operaciones.tags,
        summary: "Marcar pagada (estado_pago Pagado, fecha_pago hoy) o no pagada (vacío), o editar observaciones_internas",
        params: idParams,
        body: facturaGuiaUpdateSchema,
        response: { 200: facturaGuiaRow, ...refusals, 404: errorBody },
      },
    },
    async (req) => updateFactura(contextOf(req), req.params.id, req.body),
  );

  app.get(
    "/facturas_estado",
    {
      config: operaciones.read,
      schema: {
        tags: operaciones.tags,
        summary: "Control de pago: proveedor= y estado_pago= (Pagado, Vigente, Vencida, Contado; Pendiente se lee Vencida) sobre el estado calculado",
        querystring: facturasList.query,
        response: list,
      },
    },
    async (req, reply) => sendList(req, reply, await answerFacturas(req.server.database.db, "facturas_estado", req.query as ListQuery)),
  );
};
export default facturasGuiasRoutes;
