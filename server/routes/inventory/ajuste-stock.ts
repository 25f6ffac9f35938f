// Ajuste de Stock: GET api/ajuste_stock (last adjustment per code), GET
// api/ajuste_stock/inventario_join, POST api/ajuste_stock, PUT
// api/ajuste_stock/materiales/{code}/nombre.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ajusteRow, ajusteSchema, materialRow, nombreProductoSchema, type MaterialRow } from "../../../src/domain/inventory/schemas";
import { createAjuste } from "../../services/inventory/create-ajuste";
import { inventarioJoinList, ultimosAjustesList } from "../../services/inventory/list-ajustes";
import { declaredService } from "../../resources";
import { contextOf } from "../../services/write";
import { errorBody, listRoute, refusals, sectionAccess } from "../schemas";

const bodega = sectionAccess("bodega");
const tags = ["inventario"];

const ajusteStockRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route(listRoute("/ajuste_stock", ultimosAjustesList, { config: bodega.read, tags, summary: "El último ajuste de cada código (fecha, comentario, diferencia, usuario), más reciente primero" }));
  app.route(
    listRoute("/ajuste_stock/inventario_join", inventarioJoinList, {
      config: bodega.read,
      tags,
      summary: "Productos por código con su stock actual y la fecha y comentario de su último ajuste",
    }),
  );

  app.post(
    "/ajuste_stock",
    {
      config: bodega.write,
      schema: {
        tags,
        summary: "Registrar un ajuste: un movimiento AJUSTE de diferencia (≠ 0) con el usuario que actúa; 409 si el stock quedaría bajo 0 o si stock_visto (opcional: el stock que se vio al contar) ya no es el stock actual",
        body: ajusteSchema,
        response: { 201: ajusteRow, ...refusals, 404: errorBody, 409: errorBody },
      },
    },
    async (req, reply) => reply.status(201).send(await createAjuste(contextOf(req), req.body)),
  );

  app.put(
    "/ajuste_stock/materiales/:codigo/nombre",
    {
      config: bodega.write,
      schema: {
        tags,
        summary: "Renombrar un producto (409 si otro ya tiene ese nombre, sin distinguir mayúsculas)",
        params: z.object({ codigo: z.string().min(1).max(50) }),
        body: nombreProductoSchema,
        response: { 200: materialRow, ...refusals, 404: errorBody, 409: errorBody },
      },
    },
    // The declared catalogue's write (src/domain/inventory/materiales.resource.ts): 404, the
    // case-insensitive 409, no audit when the name is the same.
    async (req) => declaredService<MaterialRow>("materiales").save(contextOf(req), req.params.codigo, { producto: req.body.producto }),
  );
};
export default ajusteStockRoutes;
