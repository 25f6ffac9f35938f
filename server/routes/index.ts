// Every API area registers here (prefix /api).
import type { FastifyInstance } from "fastify";
import authRoutes from "./auth";
import systemRoutes from "./system";

export async function registerApiRoutes(app: FastifyInstance): Promise<void> {
  await app.register(systemRoutes);
  await app.register(authRoutes);
}
