import type { ServerResponse } from "node:http";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { bearerToken } from "../../plugins/auth";
import { login, loginBody, logout, SignInRefused } from "../../services/auth/login";
import { contextOf } from "../../services/write";
import { errorBody } from "../schemas";

/**
 * Aborts when the client goes away before its answer has been written: the response is
 * closed (its connection closed) without having finished. The request's own 'close' is no
 * use: Node emits it as soon as the body has been read. `dispose` removes the listener.
 */
function clientGone(res: ServerResponse): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  const onClose = () => {
    if (!res.writableFinished) controller.abort();
  };
  res.on("close", onClose);
  if (res.destroyed) onClose();
  return { signal: controller.signal, dispose: () => res.off("close", onClose) };
}

const usuarioSesion = z.object({ id: z.number(), nombre: z.string(), correo: z.string(), rol: z.string() });

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  // A sign-in whose client left holds no connection, so the server's close does not wait for
  // it: this hook does, for those still running (a check already started, then its attempt's
  // end), before the database is closed under them. It runs after the server has stopped
  // (Fastify registers that close when the app is ready, after this hook, and runs onClose
  // hooks last-registered first), so no new sign-in starts meanwhile; the queued ones left the
  // queue when their client went.
  const signingIn = new Set<Promise<unknown>>();
  app.addHook("onClose", async () => {
    await Promise.allSettled(signingIn);
  });

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
    async (req, reply) => {
      const gone = clientGone(reply.raw);
      const signIn = login(contextOf(req), req.body, { ip: req.ip, throttle: app.loginThrottle, sessionHours: app.config.sessionHours, signal: gone.signal });
      signingIn.add(signIn);
      try {
        const result = await signIn;
        req.log.info({ userId: result.usuario.id, ip: req.ip }, "inicio de sesión");
        return result;
      } catch (err) {
        const correo = req.body.correo.toLowerCase();
        if (gone.signal.aborted && err === gone.signal.reason) {
          // Nobody to answer: nothing is sent (the connection is closed).
          req.log.info({ correo, ip: req.ip, reason: "client_gone" }, "inicio de sesión abandonado");
          return reply.hijack();
        }
        // Failed and throttled logins are logged with the address tried (never the password),
        // and why: wrong credentials, the throttle's wait, or the password-check queue full.
        const reason = err instanceof SignInRefused ? err.reason : undefined;
        req.log.warn({ correo, ip: req.ip, status: (err as { statusCode?: number }).statusCode, reason }, "inicio de sesión fallido");
        throw err;
      } finally {
        signingIn.delete(signIn);
        gone.dispose();
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
