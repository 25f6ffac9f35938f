// Supplier invoices and delivery notes (section 7 Operations) besides the declared resource's
// routes (src/domain/operations/facturas-guias.resource.ts: list, record, POST, PUT, DELETE):
// the DTE import, the suppliers of the filters and GET api/facturas_estado (Operaciones:
// payment status control, the declared list under its own path).
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { facturasGuias } from "../../../src/domain/operations/facturas-guias.resource";
import { sendList, type ListQuery } from "../../lists";
import { dteBody } from "../../../src/domain/operations";
import { AppError } from "../../errors";
import { readDteRequestOffThread } from "../../services/operations/dte-reader";
import { importDte, previewDte, type DteDocs } from "../../services/operations/import-dte";
import { listProveedoresFacturas } from "../../services/operations/list-proveedores-facturas";
import { declaredService } from "../../resources";
import { contextOf } from "../../services/write";
import { errorBody, refusals, sectionAccess } from "../schemas";

const bodega = sectionAccess("bodega");
const operaciones = sectionAccess("operaciones");
/**
 * DTE files travel as base64 in JSON: up to 50 files a request, 20 MiB in all (some 15 MiB
 * of XML, three files at the cap). A file over 5 MiB (DTE_MAX_BYTES) is a 413 naming it;
 * the files are decoded and parsed in a worker thread (dte-reader.ts).
 */
export const DTE_BODY_LIMIT = 20 * 1024 * 1024;
const dteRefusals = { ...refusals, 409: errorBody, 413: errorBody };
const documento = z.looseObject({ clave: z.string(), tipo: z.number(), folio: z.number(), duplicado: z.string().nullable() });
const previewAnswer = z.object({ documentos: z.array(documento), rechazados: z.array(z.string()) });
const importAnswer = z.object({ registradas: z.array(z.looseObject({ id: z.number() })), duplicadas: z.array(z.string()), rechazados: z.array(z.string()) });

declare module "fastify" {
  interface FastifyRequest {
    /** The DTE files as the worker read them (set by the DTE routes' body parser). */
    dteRead?: DteDocs;
  }
}

/**
 * The two DTE routes take their JSON body as raw bytes and hand it to the DTE worker, which
 * parses the JSON, checks it against `dteBody`, decodes and parses the XML (dte-files.ts):
 * nothing of several MiB is parsed on the request thread. The route then sees the files
 * with each content replaced by its SHA-256, so its schema and the Idempotency-Key's
 * fingerprint still apply.
 */
const dteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer", bodyLimit: DTE_BODY_LIMIT }, async (req: FastifyRequest, body: Buffer) => {
    const read = await readDteRequestOffThread(body);
    if (!read.ok) throw new AppError(read.status === 413 ? "payload_too_large" : "validation", read.message, read.errors);
    req.dteRead = read;
    return { archivos: read.archivos };
  });

  app.post(
    "/facturas_guias/dte/vista-previa",
    {
      config: bodega.read,
      bodyLimit: DTE_BODY_LIMIT,
      schema: {
        tags: bodega.tags,
        summary: "Leer DTE del SII (XML 33, 34, 52, 61): campos, proveedor por RUT, si ya está registrado, plazo de aceptación y conciliación con sus OC abiertas; no guarda nada",
        body: dteBody,
        response: { 200: previewAnswer, ...dteRefusals },
      },
    },
    async (req) => previewDte(req.server.database.db, req.dteRead!),
  );

  app.post(
    "/facturas_guias/dte",
    {
      config: bodega.write,
      bodyLimit: DTE_BODY_LIMIT,
      schema: {
        tags: bodega.tags,
        summary: "Registrar los DTE de los archivos que aún no estén registrados (una transacción); 409 si todos ya lo estaban",
        body: dteBody,
        response: { 201: importAnswer, ...dteRefusals },
      },
    },
    async (req, reply) => reply.status(201).send(await importDte(contextOf(req), req.dteRead!)),
  );
};

const facturasGuiasRoutes: FastifyPluginAsyncZod = async (app) => {
  const declared = declaredService("facturas_guias");
  app.get(
    "/facturas_guias/proveedores",
    {
      config: bodega.read,
      schema: { tags: bodega.tags, summary: "Nombres de proveedores para los filtros: los de Proveedores y los que ya tienen facturas, una vez cada uno", response: { 200: z.array(z.string()), ...refusals } },
    },
    async (req) => listProveedoresFacturas(req.server.database.db),
  );

  await app.register(dteRoutes);

  app.get(
    "/facturas_estado",
    {
      config: operaciones.read,
      schema: {
        tags: operaciones.tags,
        summary: "Control de pago: proveedor= y estado_pago= (Pagado, Vigente, Vencida, Contado; Pendiente se lee Vencida) sobre el estado calculado",
        querystring: declared.list.query,
        response: { 200: z.array(facturasGuias.row), 304: z.null(), ...refusals },
      },
    },
    async (req, reply) => sendList(req, reply, await declared.answer(req.server.database.db, req.query as ListQuery)),
  );
};
export default facturasGuiasRoutes;
