import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";

const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/health",
    {
      config: { public: true },
      schema: { tags: ["sistema"], summary: "Estado del servidor", response: { 200: z.object({ ok: z.boolean(), database: z.string() }) } },
    },
    async () => ({ ok: true, database: app.database.kind }),
  );
};
export default systemRoutes;
