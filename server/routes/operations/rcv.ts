// The SII's Registro de Compras (issue 35): Contabilidad and the privileged roles (section
// Operaciones) import a month's register, read the reconciliation with Facturas/Guías,
// register the documents only the SII lists, and accept or claim supplier facturas.
//   POST api/rcv/compras                  { nombre, contenido (base64), registro? } → 201 (200: the same file, its first import)
//   GET  api/rcv/compras                  past imports
//   GET  api/rcv/compras/:id              an import with a page of its rows (?resultado=&cambio=&q=&_start=&_end=)
//   POST api/rcv/compras/:id/registrar    { filas: [ids] } "Registrar en Ventanal"
//   GET  api/facturas_sii/por-aceptar     facturas still to accept or claim (the home's card)
//   GET  api/facturas_guias/:id/sii       a document's SII window and decision
//   PUT  api/facturas_guias/:id/sii       { decision, motivo?, comentario? } Aceptar / Reclamar
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { RCV_RESULTADOS } from "../../../src/domain/operations/rcv";
import { rcvDetalle, rcvImportacionRow, rcvRegistrarBody, rcvUploadBody, siiDecisionBody, siiEstadoRow } from "../../../src/domain/operations/rcv-schemas";
import { strictQuery } from "../../lists";
import { getRcv, listRcv } from "../../services/operations/get-rcv";
import { decideFacturaSii, getFacturaSii, listPorAceptar } from "../../services/operations/factura-sii";
import { todayInSantiago } from "../../../src/domain/dates/dates";
import { importRcv } from "../../services/operations/import-rcv";
import { registrarRcv } from "../../services/operations/registrar-rcv";
import { contextOf } from "../../services/write";
import { errorBody, idParams, refusals, sectionAccess } from "../schemas";

const operaciones = sectionAccess("operaciones");
/** An RCV file of 10,000 rows weighs some 3 MiB; in base64 4 MiB. */
export const RCV_BODY_LIMIT = 8 * 1024 * 1024;

const MSG_PAGINA = "Página inválida: _start y _end son números enteros, _end mayor o igual que _start y a lo más 20.000 filas.";
const pageIndex = z
  .string()
  .regex(/^\d{1,6}$/, MSG_PAGINA)
  .transform(Number);
const detalleQuery = strictQuery({
  resultado: z.enum(RCV_RESULTADOS, { error: "Resultado inválido: coincide, con_diferencias, solo_sii o solo_ventanal." }).optional(),
  cambio: z.enum(["nueva", "cambio"], { error: "Cambio inválido: nueva o cambio." }).optional(),
  q: z.string().max(100, "La búsqueda admite 100 caracteres.").optional(),
  _start: pageIndex.optional(),
  _end: pageIndex.optional(),
}).refine((q) => (q._end ?? 0) >= (q._start ?? 0) && (q._end ?? 0) - (q._start ?? 0) <= 20_000, { message: MSG_PAGINA, path: ["_end"] });

const porAceptarAnswer = z.object({
  filas: z.array(z.object({ factura_id: z.number(), proveedor: z.string(), numero_factura: z.string().nullable(), tipo_dte: z.number(), monto_total: z.number(), plazo: siiEstadoRow.shape.plazo.unwrap() })),
  total: z.number(),
  aviso: z.number(),
});

const rcvRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/rcv/compras",
    {
      config: operaciones.write,
      bodyLimit: RCV_BODY_LIMIT,
      schema: {
        tags: operaciones.tags,
        summary: "Importar el Registro de Compras del SII de un mes (CSV en base64) y conciliarlo con Facturas/Guías",
        body: rcvUploadBody,
        response: { 201: rcvImportacionRow, 200: rcvImportacionRow, ...refusals, 409: errorBody, 413: errorBody },
      },
    },
    async (req, reply) => {
      const { status, row } = await importRcv(contextOf(req), req.body);
      return reply.status(status).send(row);
    },
  );
  app.get(
    "/rcv/compras",
    { config: operaciones.read, schema: { tags: operaciones.tags, summary: "Importaciones del Registro de Compras: quién, cuándo, período, archivo y conteos", response: { 200: z.array(rcvImportacionRow), ...refusals } } },
    async (req) => listRcv(req.server.database.db),
  );
  app.get(
    "/rcv/compras/:id",
    {
      config: operaciones.read,
      schema: {
        tags: operaciones.tags,
        summary: "Una importación con sus filas y su resultado (coincide, con diferencias, solo en el SII, solo en Ventanal), paginadas",
        params: idParams,
        querystring: detalleQuery,
        response: { 200: rcvDetalle, ...refusals, 404: errorBody },
      },
    },
    async (req) => getRcv(req.server.database.db, req.params.id, req.query),
  );
  app.post(
    "/rcv/compras/:id/registrar",
    {
      config: operaciones.write,
      schema: {
        tags: operaciones.tags,
        summary: "Registrar en Ventanal las filas «Solo en el SII» elegidas (proveedor por RUT o creado), en una transacción",
        params: idParams,
        body: rcvRegistrarBody,
        response: { 201: z.object({ registradas: z.array(z.looseObject({ id: z.number() })), importacion: rcvImportacionRow }), ...refusals, 404: errorBody, 409: errorBody },
      },
    },
    async (req, reply) => reply.status(201).send(await registrarRcv(contextOf(req), req.params.id, req.body.filas)),
  );
  app.get(
    "/facturas_sii/por-aceptar",
    {
      config: operaciones.read,
      schema: {
        tags: operaciones.tags,
        summary: "Facturas (33, 34) por aceptar o reclamar: sin decisión y dentro de los 8 días desde su recepción en el SII (o su registro); el plazo más próximo primero",
        querystring: strictQuery({ fecha: z.iso.date({ error: "Fecha inválida: use AAAA-MM-DD." }).optional() }),
        response: { 200: porAceptarAnswer, ...refusals },
      },
    },
    async (req) => listPorAceptar(req.server.database.db, req.query.fecha ?? todayInSantiago()),
  );
  app.get(
    "/facturas_guias/:id/sii",
    {
      config: operaciones.read,
      schema: { tags: operaciones.tags, summary: "Plazo de 8 días del SII y decisión (aceptada, reclamada) de una factura de proveedor", params: idParams, response: { 200: siiEstadoRow, ...refusals, 404: errorBody } },
    },
    async (req) => getFacturaSii(req.server.database.db, req.params.id),
  );
  app.put(
    "/facturas_guias/:id/sii",
    {
      config: operaciones.write,
      schema: {
        tags: operaciones.tags,
        summary: "Aceptar (ACD) o reclamar (RCD, RFP, RFT) una factura de proveedor dentro de los 8 días del SII",
        params: idParams,
        body: siiDecisionBody,
        response: { 200: siiEstadoRow, ...refusals, 404: errorBody, 409: errorBody },
      },
    },
    async (req) => decideFacturaSii(contextOf(req), req.params.id, req.body),
  );
};
export default rcvRoutes;
