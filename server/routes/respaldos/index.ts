// Administración → Respaldos (Informático and Gerencia): the backups' state and list, a
// backup now, the schedule and retention, and each file's download (streamed, audited).
// Plus, without a session: GET api/salud (monitoring: no data) and POST
// api/respaldos/local (`npm run backup` on the server's machine, with the secret the
// server keeps in DATA_DIR).
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ageHours, ajustesRespaldoSchema, backupFileDate, estadoRespaldos, MAX_BACKUP_AGE_HOURS, respaldoRow, saludRow } from "../../../src/domain/respaldos";
import { badRequest, notFound, unauthorized } from "../../errors";
import { listBackups } from "../../services/respaldos/files";
import { contextOf, write } from "../../services/write";
import { errorBody, refusals, sectionAccess } from "../schemas";
import { limitPublic } from "./public-rate";

const admin = sectionAccess("administracion");
const tags = admin.tags;
export const LOCAL_HEADER = "x-ventanal-respaldo";
const MSG_ARCHIVO = "Nombre de respaldo inválido.";
const archivoParams = z.object({ archivo: z.string({ error: MSG_ARCHIVO }).max(100, MSG_ARCHIVO) });
const started = z.object({ archivo: z.string(), mensaje: z.string() });
const noBody = z.strictObject({}, { error: "No se esperaban datos" }).optional();

const respaldosRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/respaldos",
    { config: admin.read, schema: { tags, summary: "Respaldos: estado, lista, horario y retención", response: { 200: estadoRespaldos, ...refusals } } },
    async (req) => req.server.backups.status(),
  );

  app.post(
    "/respaldos",
    {
      config: admin.write,
      schema: { tags, summary: "Respaldar ahora (en segundo plano; 409 si ya hay uno en curso)", body: noBody, response: { 202: started, ...refusals, 409: errorBody } },
    },
    async (req, reply) => {
      const run = req.server.backups.start("manual");
      const { archivo } = run;
      await write(contextOf(req), (_tx, audit) => audit({ entity: "respaldos", entityId: archivo, changes: { accion: "respaldar ahora" } }));
      return reply.status(202).send({ archivo, mensaje: "Respaldo iniciado." });
    },
  );

  app.put(
    "/respaldos/ajustes",
    { config: admin.write, schema: { tags, summary: "Horario (HH:MM, hora de Chile) y retención de los respaldos", body: ajustesRespaldoSchema, response: { 200: ajustesRespaldoSchema, ...refusals } } },
    async (req) => req.server.backups.saveSettings(contextOf(req), req.body),
  );

  app.get(
    "/respaldos/archivos/:archivo",
    {
      config: admin.read,
      schema: {
        tags,
        summary: "Descargar un respaldo (.sql.gz); queda en la auditoría",
        params: archivoParams,
        response: { 200: z.any().describe("El archivo .sql.gz"), ...refusals, 404: errorBody },
      },
    },
    async (req, reply) => {
      const { archivo } = req.params;
      if (!backupFileDate(archivo)) throw badRequest(MSG_ARCHIVO, { archivo: [MSG_ARCHIVO] });
      const file = path.join(req.server.backups.dir, archivo);
      let size: number;
      try {
        size = fs.statSync(file).size;
      } catch {
        throw notFound("No existe ese respaldo.");
      }
      const stream = fs.createReadStream(file);
      await new Promise<void>((resolve, reject) => stream.once("open", () => resolve()).once("error", reject)).catch(() => {
        throw notFound("No existe ese respaldo.");
      });
      await write(contextOf(req), (_tx, audit) => audit({ entity: "respaldos", entityId: archivo, changes: { accion: "descarga", bytes: size } }));
      req.log.info({ archivo, userId: req.user?.id }, "respaldo descargado");
      return reply
        .header("content-type", "application/gzip")
        .header("content-length", String(size))
        .header("content-disposition", `attachment; filename="${archivo}"`)
        .header("cache-control", "no-store")
        .send(stream);
    },
  );

  app.post(
    "/respaldos/local",
    {
      config: { public: true },
      schema: {
        tags,
        summary: "Respaldo pedido por `npm run backup` en la misma máquina (clave de DATA_DIR); espera a que termine",
        security: [],
        body: noBody,
        response: { 200: respaldoRow, 401: errorBody, 409: errorBody, 429: errorBody, 400: errorBody },
      },
    },
    async (req) => {
      limitPublic(req);
      const expected = req.server.backups.localToken;
      const given = req.headers[LOCAL_HEADER];
      const local = ["127.0.0.1", "::1", "::ffff:127.0.0.1"].includes(req.socket.remoteAddress ?? "");
      const ok =
        local &&
        expected !== null &&
        typeof given === "string" &&
        given.length === expected.length &&
        crypto.timingSafeEqual(Buffer.from(given), Buffer.from(expected));
      if (!ok) throw unauthorized("Solo `npm run backup` en la máquina del servidor puede pedir este respaldo.");
      return req.server.backups.start("línea de comandos");
    },
  );

  app.get(
    "/salud",
    {
      config: { public: true },
      schema: { tags: ["sistema"], summary: "Salud para monitoreo (sin sesión, sin datos): base de datos y antigüedad del último respaldo verificado", security: [], response: { 200: saludRow, 429: errorBody } },
    },
    async (req) => {
      limitPublic(req);
      let base: "ok" | "error" = "ok";
      try {
        await req.server.database.pool.query("select 1");
      } catch {
        base = "error";
      }
      const newest = listBackups(req.server.backups.dir).find((r) => r.verificacion === "verificado");
      const horas = ageHours(newest?.fecha ?? null, new Date());
      const alDia = horas !== null && horas <= MAX_BACKUP_AGE_HOURS;
      return { ok: base === "ok" && alDia, base_de_datos: base, respaldo: { horas_desde_ultimo_verificado: horas, al_dia: alDia, en_curso: req.server.backups.running } };
    },
  );
};
export default respaldosRoutes;
