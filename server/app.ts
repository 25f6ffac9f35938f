// Builds the whole server: plugins, the auth hook, the API routes and the web app.
import fs from "node:fs";
import path from "node:path";
import helmet from "helmet";
import Fastify, { LogController, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import compress from "@fastify/compress";
import fastifyStatic from "@fastify/static";
import { pageHtmlFor } from "./web-app";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Config } from "./config";
import type { Database } from "./db/connect";
import authPlugin, { bearerToken } from "./plugins/auth";
import { unauthorized } from "./errors";
import { userForToken } from "./services/auth/session";
import { registerErrorHandler } from "./plugins/errors";
import idempotencyPlugin from "./plugins/idempotency";
import { LoginThrottle, DEFAULT_THROTTLE, type ThrottleOptions } from "./services/auth/throttle";
import { registerApiRoutes } from "./routes";
import { passwordChangeThrottle } from "./services/usuarios/password-guard";
import { PUBLIC_HEADERS } from "./routes/sales/publico";
import { DEFAULT_PUBLIC_LIMIT, type PublicLimitOptions } from "./services/sales/public-limit";
import systemRoutes from "./routes/system";
import { Backups } from "./services/respaldos/backups";

declare module "fastify" {
  interface FastifyInstance {
    database: Database;
    config: Config;
    loginThrottle: LoginThrottle;
    /** Password changes: the sign-in's gate and their own counts (services/usuarios/password-guard.ts). */
    passwordThrottle: LoginThrottle;
    /** Online backups (server/services/respaldos); the schedule starts in server/main.ts. */
    backups: Backups;
  }
}

export interface BuildOptions {
  database: Database;
  config: Config;
  logger?: boolean;
  throttle?: ThrottleOptions;
  /** Requests per address on the public routes (the client's quote link). */
  publicLimit?: PublicLimitOptions;
}

/** /api/docs without API_DOCS=public: a valid session's bearer token, any role (401 otherwise). */
async function docsNeedSession(req: FastifyRequest): Promise<void> {
  const token = bearerToken(req);
  if (!token || !(await userForToken(req.server.database.db, token))) throw unauthorized();
}

export const BODY_LIMIT = 1024 * 1024;

function routerRefusal(err: FastifyError, reply: FastifyReply) {
  if (err.code === "FST_ERR_MAX_PARAM_LENGTH") return reply.status(414).send({ message: "La dirección es demasiado larga.", errors: {} });
  if (err.code === "FST_ERR_BAD_URL") return reply.status(400).send({ message: "La dirección no es válida.", errors: {} });
  return reply.status(400).send({ message: "Solicitud inválida.", errors: {} });
}

export async function buildApp({ database, config, logger = true, throttle = DEFAULT_THROTTLE, publicLimit = DEFAULT_PUBLIC_LIMIT }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? { level: config.logLevel, redact: ["req.headers.authorization", "req.body"] } : false,
    logController: new LogController({ disableRequestLogging: true }), // one line per request, below
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy ?? "loopback",
    return503OnClosing: true,
    // What the router refuses before any route runs (a path parameter over its length
    // limit, a malformed %-escape) answers like every refusal: Spanish, without the URL.
    frameworkErrors: (err, _req, reply) => routerRefusal(err, reply as unknown as FastifyReply),
  }).withTypeProvider<ZodTypeProvider>();

  app.decorate("database", database);
  app.decorate("config", config);
  const loginThrottle = new LoginThrottle(throttle, database.db);
  app.decorate("loginThrottle", loginThrottle);
  app.decorate("passwordThrottle", passwordChangeThrottle(database.db, loginThrottle.hashes));
  app.decorate("publicLimit", publicLimit);
  app.decorate("backups", new Backups(database, config, app.log));
  app.addHook("onClose", async () => app.backups.close());
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  // One log line per request: no bodies, no headers, so no passwords or tokens.
  app.addHook("onResponse", async (req, reply) => {
    req.log.info(
      { method: req.method, url: req.url.split("?")[0], status: reply.statusCode, ms: Math.round(reply.elapsedTime), user: req.user?.id },
      "solicitud",
    );
  });

  // The security headers on every answer. helmet's middleware is built here once:
  // @fastify/helmet built it again (its options parsed, the CSP header's text rebuilt) at
  // every request, a twentieth of the event loop's work per sign-in.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // react-pdf lays out pages with WebAssembly: compiling it needs wasm-unsafe-eval
        // (plain eval stays blocked) and its module arrives as a data: URL.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        // antd writes its CSS-in-JS into <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'", "data:"],
        workerSrc: ["'self'", "blob:"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        // The workshop reaches the server over plain http on its LAN (http://192.168.x.y:3000):
        // helmet's default upgrade-insecure-requests would make the browser fetch the app's
        // own scripts over https and leave a blank page.
        upgradeInsecureRequests: null,
      },
    },
    frameguard: { action: "deny" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook("onRequest", (req, reply, done) => securityHeaders(req.raw, reply.raw, (err) => done(err as Error | undefined)));

  await app.register(swagger, {
    openapi: {
      info: { title: "Ventanal API", description: "API del sistema integrado de producción, inventario y administración.", version: "0.6.0" },
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: "/api/docs",
    // The API's map (every route, body and field) is for signed-in users (any role): the page,
    // its JSON and its assets answer 401 without a valid session, unless API_DOCS=public.
    uiHooks: config.apiDocs === "public" ? {} : { onRequest: docsNeedSession },
    // swagger-ui's own static CSP, without upgrade-insecure-requests (see above) and not framable.
    staticCSP:
      "default-src 'self'; base-uri 'self'; font-src 'self' https: data:; frame-ancestors 'none'; img-src 'self' data: validator.swagger.io; object-src 'none'; script-src 'self'; script-src-attr 'none'; style-src 'self' https:",
  });

  await app.register(authPlugin);
  await app.register(idempotencyPlugin);
  // After the idempotency hooks, so they keep the plain JSON body of an answer. Answers
  // that already carry a Content-Encoding (the sales list cache's gzip) are left as they are.
  await app.register(compress, { global: true, threshold: 1024, encodings: ["br", "gzip", "deflate"] });
  await app.register(registerApiRoutes, { prefix: "/api" });
  // Operational check outside the API: every api/ route but login needs a session.
  await app.register(systemRoutes);

  await registerWebApp(app, config);
  return app;
}

/** The built web app at "/", with history fallback to index.html for client routes. */
async function registerWebApp(app: FastifyInstance, config: Config): Promise<void> {
  const webDir = config.webDir ? path.resolve(config.webDir) : null;
  const hasWeb = webDir !== null && fs.existsSync(path.join(webDir, "index.html"));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      maxAge: "1y",
      immutable: true,
      setHeaders(res, filePath) {
        if (!filePath.includes(`${path.sep}assets${path.sep}`)) res.header("cache-control", "no-cache");
      },
    });
  }
  const pageHtml = hasWeb ? pageHtmlFor(webDir) : null;
  app.setNotFoundHandler((req, reply) => {
    const pathname = req.url.split("?")[0];
    const wantsPage = req.method === "GET" && !req.url.startsWith("/api") && !path.extname(pathname);
    if (pageHtml && wantsPage) {
      const { body, etag } = pageHtml(pathname);
      // The client's quote page (/p/{token}): never indexed, its address never sent on.
      if (pathname.startsWith("/p/")) reply.headers(PUBLIC_HEADERS);
      reply.header("cache-control", "no-cache").header("etag", etag);
      if (req.headers["if-none-match"] === etag) return reply.status(304).send();
      return reply.type("text/html; charset=utf-8").send(body);
    }
    return reply.status(404).send({ message: "Recurso no encontrado.", errors: {} });
  });
}
