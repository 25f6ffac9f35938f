// POST api/ingresar_factura: invoice receipts into stock (Ingreso de Facturas/Guias, section Bodega).
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ingresarFacturaRow, ingresarFacturaSchema } from "../../../src/domain/purchasing/schemas";
import { ingresarFactura } from "../../services/purchasing/ingresar-factura";
import { contextOf } from "../../services/write";
import { errorBody, refusals, sectionAccess } from "../schemas";

const bodega = sectionAccess("bodega");

const ingresarFacturaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/ingresar_factura",
    {
      config: bodega.write,
      schema: {
        tags: ["purchasing"],
        summary: "Ingresar factura: por OC número y fecha de factura y, por ítem, la cantidad llegada acumulada; la diferencia entra al stock al precio del ítem (repetir no cambia nada)",
        body: ingresarFacturaSchema,
        response: { 200: ingresarFacturaRow, ...refusals, 404: errorBody, 409: errorBody },
      },
    },
    async (req) => ingresarFactura(contextOf(req), req.body),
  );
};
export default ingresarFacturaRoutes;
