// The company's data (Administración → Empresa): every signed-in user reads it (the quote
// and purchase-order PDFs print it); only Informático changes it.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { empresaRow, empresaSchema } from "../../../src/domain/empresa/schemas";
import { EMPRESA_EDITORS } from "../../../src/domain/roles/roles";
import { getEmpresa } from "../../services/empresa/get-empresa";
import { updateEmpresa } from "../../services/empresa/update-empresa";
import { contextOf } from "../../services/write";
import { errorBody, refusals, sectionAccess } from "../schemas";

const { tags } = sectionAccess("administracion");

const empresaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/empresa",
    { config: { permission: "session" }, schema: { tags, summary: "Datos de la empresa (los imprimen los PDF)", response: { 200: empresaRow, ...refusals, 404: errorBody } } },
    async (req) => getEmpresa(req.server.database.db),
  );

  app.put(
    "/empresa",
    {
      config: { permission: { section: "administracion", access: "write", only: EMPRESA_EDITORS } },
      schema: {
        tags,
        summary: "Modificar los datos de la empresa (solo Informático); logo PNG o JPEG como data URL de hasta 200 KB",
        body: empresaSchema,
        response: { 200: empresaRow, ...refusals, 404: errorBody },
      },
    },
    async (req) => updateEmpresa(contextOf(req), req.body),
  );
};
export default empresaRoutes;
