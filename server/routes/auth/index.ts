import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { bearerToken } from "../../plugins/auth";
import { login, loginBody, logout } from "../../services/auth/login";
import { contextOf } from "../../services/write";
import { errorBody } from "../schemas";

const usuarioSesion = z.object({ id: z.number(), nombre: z.string(), correo: z.string(), rol: z.string() });

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/login",
    {
      config: { public: true },
      schema: {
        tags: ["sesión"],
        summary: "Iniciar sesión",
        security: [],
        body: loginBody,
        response: { 200: z.object({ token: z.string(), usuario: usuarioSesion }), 400: errorBody, 401: errorBody, 429: errorBody },
      },
    },
    async (req) => {
      try {
        const result = await login(contextOf(req), req.body, { ip: req.ip, throttle: app.loginThrottle, sessionHours: app.config.sessionHours });
        req.log.info({ userId: result.usuario.id, ip: req.ip }, "inicio de sesión");
        return result;
      } catch (err) {
        // Failed and throttled logins are logged with the address tried (never the password).
        req.log.warn({ correo: req.body.correo.toLowerCase(), ip: req.ip, status: (err as { statusCode?: number }).statusCode }, "inicio de sesión fallido");
        throw err;
      }
    },
  );

  app.post(
    "/logout",
    { config: { permission: "session" }, schema: { tags: ["sesión"], summary: "Cerrar sesión (revoca el token)", response: { 204: z.null(), 401: errorBody } } },
    async (req, reply) => {
      await logout(contextOf(req), bearerToken(req)!);
      return reply.status(204).send(null);
    },
  );

  // Who the token belongs to now: the web app refreshes its stored user with it, so a
  // role change made by an administrator reaches the menus on the next page load.
  app.get(
    "/sesion",
    { config: { permission: "session" }, schema: { tags: ["sesión"], summary: "Usuario de la sesión actual", response: { 200: z.object({ usuario: usuarioSesion }), 401: errorBody } } },
    async (req) => ({ usuario: req.user! }),
  );
};
export default authRoutes;
