// Technical-office lists (pautas), specification section 7 "Material exits, requests,
// lists": POST api/ot_pautas/{category}/lote, GET api/ot_pautas/{category}?cliente_id=&
// presupuesto_id=, PUT and DELETE api/ot_pautas/{category}/{id}, and the eight lists
// GET api/ot_pautas_{category}. Ours (additive): POST api/ot_pautas/lote, every category
// in one transaction ("Guardar TODO"). An unknown {category} is a path that does not
// exist: 404, before the body is read.
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { PAUTA_CATEGORIES, PAUTA_CATEGORY_LABELS, pautaTableName, type PautaCategory } from "../../../src/domain/pautas/categories";
import { pautaCantidadSchema, pautaLoteResult, pautaLoteSchema, pautaLoteTodoSchema, pautaRow } from "../../../src/domain/pautas/schemas";
import { idQueryField } from "../../../src/domain/fields";
import { MSG_SELECCIONE_CLIENTE, MSG_SELECCIONE_PRESUPUESTO } from "../../../src/domain/sales/schemas";
import { sendRows, strictQuery } from "../../lists";
import { deletePauta } from "../../services/pautas/delete-pauta";
import { listPautasPresupuesto } from "../../services/pautas/list-pautas-presupuesto";
import { pautasLists } from "../../services/pautas/list-pautas";
import { categoryOrNotFound } from "../../services/pautas/pauta-row";
import { savePautas } from "../../services/pautas/save-pautas";
import { updatePautaCantidad } from "../../services/pautas/update-pauta";
import { contextOf } from "../../services/write";
import { errorBody, idParams, listRoute, refusals, sectionAccess } from "../schemas";

const oficinaTecnica = sectionAccess("oficinaTecnica");
const tags = ["pautas"];

/**
 * Body limit of a batch: the design page lets CSV uploads pass the global 1 MiB. A
 * 10,000-line CSV is about 1.2 MB as JSON; 16 MiB holds the most lines a batch takes.
 */
export const LOTE_BODY_LIMIT = 16 * 1024 * 1024;

const categoryParams = z.object({ category: z.string().max(100) });
const lineParams = idParams.extend({ category: z.string().max(100) });
/** Checked before the body or the query are validated, so an unknown category is always 404. */
const knownCategory = async (req: FastifyRequest) => {
  categoryOrNotFound(String((req.params as { category?: unknown }).category ?? ""));
};
/** The quote the screen shows; a line of another quote is then not found. */
const ofQuote = strictQuery({ presupuesto_id: idQueryField(MSG_SELECCIONE_PRESUPUESTO).optional() });
const created = { 201: pautaLoteResult, ...refusals, 404: errorBody, 409: errorBody, 413: errorBody };

const otPautasRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/ot_pautas/lote",
    {
      config: oficinaTecnica.write,
      bodyLimit: LOTE_BODY_LIMIT,
      schema: {
        tags,
        summary: "Guardar las pautas de un presupuesto de todas las categorías en una sola transacción (todo o nada); los códigos repetidos se suman",
        body: pautaLoteTodoSchema,
        response: created,
      },
    },
    async (req, reply) => {
      const { cliente_id, presupuesto_id, categorias } = req.body;
      return reply.status(201).send(await savePautas(contextOf(req), { cliente_id, presupuesto_id }, categorias));
    },
  );

  app.post(
    "/ot_pautas/:category/lote",
    {
      config: oficinaTecnica.write,
      bodyLimit: LOTE_BODY_LIMIT,
      preValidation: knownCategory,
      schema: {
        tags,
        summary: "Guardar líneas de pauta de una categoría para un presupuesto (todo o nada); los códigos repetidos se suman, también con lo ya guardado",
        params: categoryParams,
        body: pautaLoteSchema,
        response: created,
      },
    },
    async (req, reply) => {
      const category = req.params.category as PautaCategory;
      const { cliente_id, presupuesto_id, items } = req.body;
      return reply.status(201).send(await savePautas(contextOf(req), { cliente_id, presupuesto_id }, { [category]: items }));
    },
  );

  app.get(
    "/ot_pautas/:category",
    {
      config: oficinaTecnica.read,
      preValidation: knownCategory,
      schema: {
        tags,
        summary: "Líneas de pauta de una categoría de un presupuesto ([] si el presupuesto no existe o es de otro cliente)",
        params: categoryParams,
        querystring: strictQuery({ presupuesto_id: idQueryField(MSG_SELECCIONE_PRESUPUESTO), cliente_id: idQueryField(MSG_SELECCIONE_CLIENTE).optional() }),
        response: { 200: z.array(pautaRow), ...refusals, 404: errorBody },
      },
    },
    async (req, reply) =>
      sendRows(reply, await listPautasPresupuesto(req.server.database.db, req.params.category as PautaCategory, req.query.presupuesto_id, req.query.cliente_id)),
  );

  app.put(
    "/ot_pautas/:category/:id",
    {
      config: oficinaTecnica.write,
      preValidation: knownCategory,
      schema: {
        tags,
        summary: "Corregir la cantidad de una línea de pauta (barras en perfiles y refuerzos); con presupuesto_id, solo si es de ese presupuesto",
        params: lineParams,
        querystring: ofQuote,
        body: pautaCantidadSchema,
        response: { 200: pautaRow, ...refusals, 404: errorBody },
      },
    },
    async (req) => updatePautaCantidad(contextOf(req), req.params.category as PautaCategory, req.params.id, req.body.cantidad, req.query.presupuesto_id),
  );

  app.delete(
    "/ot_pautas/:category/:id",
    {
      config: oficinaTecnica.write,
      preValidation: knownCategory,
      schema: {
        tags,
        summary: "Eliminar una línea de pauta; con presupuesto_id, solo si es de ese presupuesto",
        params: lineParams,
        querystring: ofQuote,
        response: { 204: z.null(), ...refusals, 404: errorBody },
      },
    },
    async (req, reply) => {
      await deletePauta(contextOf(req), req.params.category as PautaCategory, req.params.id, req.query.presupuesto_id);
      return reply.status(204).send(null);
    },
  );

  for (const category of PAUTA_CATEGORIES) {
    app.route(
      listRoute(`/${pautaTableName(category)}`, pautasLists[category], {
        config: oficinaTecnica.read,
        tags,
        summary: `Líneas de pauta de ${PAUTA_CATEGORY_LABELS[category]} con cliente, número de presupuesto y obra (hasta 10.000); con _start/_end/_sort/_order/q/filtros pagina y envía X-Total-Count`,
      }),
    );
  }
};
export default otPautasRoutes;
