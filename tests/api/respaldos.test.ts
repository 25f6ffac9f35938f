// Online backups (issue 37): Administración → Respaldos' routes, api/salud and the local
// request of `npm run backup`, on PGlite and on PostgreSQL (TEST_DATABASE_URL). Two real
// backups are taken (each verified by a restore in a child process), the second with a
// failing BACKUP_COMMAND.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLES, type Role } from "../../src/domain/roles/roles";
import { MSG_MISMO_DISCO, sameDiskWarning } from "../../server/services/respaldos/files";
import { FORMAT_LINE } from "../../server/services/respaldos/sql-dump";
import { LOCAL_HEADER } from "../../server/routes/respaldos";
import { PUBLIC_PER_MINUTE } from "../../server/routes/respaldos/public-rate";
import { createTestServer, type TestServer } from "../helpers";

const ADMINS: Role[] = ["Informático", "Gerencia"];
const OTHERS = ROLES.filter((r) => !ADMINS.includes(r));
const BACKUP_MS = 240_000;

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer();
});
afterAll(() => t.close());

const estado = async () => (await t.request({ method: "GET", url: "/api/respaldos", as: "Informático" })).json();

describe("GET api/salud (no session, no data)", () => {
  it("reports the database and the backup's age only", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/salud", remoteAddress: "10.9.9.1" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: false, base_de_datos: "ok", respaldo: { horas_desde_ultimo_verificado: null, al_dia: false, en_curso: false } });
  });

  it("is rate-limited per address, in Spanish", async () => {
    for (let i = 0; i < PUBLIC_PER_MINUTE; i++) expect((await t.app.inject({ method: "GET", url: "/api/salud", remoteAddress: "10.9.9.2" })).statusCode).toBe(200);
    const res = await t.app.inject({ method: "GET", url: "/api/salud", remoteAddress: "10.9.9.2" });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/^Demasiadas consultas/);
    expect(res.headers["retry-after"]).toBeDefined();
    expect((await t.app.inject({ method: "GET", url: "/api/salud", remoteAddress: "10.9.9.3" })).statusCode).toBe(200);
  });
});

describe("roles: Informático and Gerencia only", () => {
  it("401 without a session on every route", async () => {
    for (const [method, url] of [["GET", "/api/respaldos"], ["POST", "/api/respaldos"], ["PUT", "/api/respaldos/ajustes"], ["GET", "/api/respaldos/archivos/ventanal-2026-01-01T050000Z.sql.gz"]] as const) {
      const res = await t.app.inject({ method, url, ...(method === "GET" ? {} : { payload: {} }) });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it("403 for every other role, on the list, a backup, the settings and the download", async () => {
    for (const role of OTHERS) {
      for (const [method, url, payload] of [
        ["GET", "/api/respaldos", undefined],
        ["POST", "/api/respaldos", {}],
        ["PUT", "/api/respaldos/ajustes", { hora: "03:00", diarios: 7, semanales: 4, mensuales: 6 }],
        ["GET", "/api/respaldos/archivos/ventanal-2026-01-01T050000Z.sql.gz", undefined],
      ] as const) {
        const res = await t.request({ method, url, as: role, ...(payload ? { payload } : {}) });
        expect(res.statusCode, `${role} ${method} ${url}`).toBe(403);
      }
    }
    expect(fs.readdirSync(t.app.backups.dir)).toEqual([]);
  });
});

describe("settings: schedule and retention", () => {
  it("starts from the environment's (defaults: 02:00, 7 daily, 4 weekly, 6 monthly)", async () => {
    const e = await estado();
    expect(e.ajustes).toEqual({ hora: "02:00", diarios: 7, semanales: 4, mensuales: 6 });
    expect(e.ajustes_origen).toBe("entorno");
    expect(e.respaldos).toEqual([]);
    expect(e.advertencias).toContain("Todavía no hay ningún respaldo verificado.");
  });

  it("400 on bad input, in Spanish, writing nothing", async () => {
    const audits = await t.count("auditoria");
    for (const payload of [{ hora: "2:00", diarios: 7, semanales: 4, mensuales: 6 }, { hora: "02:00", diarios: 0, semanales: 4, mensuales: 6 }, { hora: "02:00", diarios: "7", semanales: 4, mensuales: 6 }, { hora: "02:00", diarios: 7, semanales: 4, mensuales: 6, extra: 1 }, {}]) {
      const res = await t.request({ method: "PUT", url: "/api/respaldos/ajustes", as: "Informático", payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(/[a-z]/);
    }
    expect(await t.count("ajustes_respaldo")).toBe(0);
    expect(await t.count("auditoria")).toBe(audits);
  });

  it("stores them (audited) and they replace the environment's", async () => {
    const res = await t.request({ method: "PUT", url: "/api/respaldos/ajustes", as: "Gerencia", payload: { hora: "03:30", diarios: 5, semanales: 3, mensuales: 12 } });
    expect(res.statusCode).toBe(200);
    const e = await estado();
    expect(e.ajustes).toEqual({ hora: "03:30", diarios: 5, semanales: 3, mensuales: 12 });
    expect(e.ajustes_origen).toBe("guardados");
    const audit = await t.database.pool.query("select cambios from auditoria where entidad = 'ajustes_respaldo' order by id desc limit 1");
    expect(audit.rows[0].cambios.hora).toEqual({ antes: "02:00", despues: "03:30" });
  });
});

describe("a backup now, verified, listed and downloaded", () => {
  let archivo: string;

  it("202 starts one; a second while it runs is 409 (nothing written)", async () => {
    const res = await t.request({ method: "POST", url: "/api/respaldos", as: "Informático", payload: {} });
    expect(res.statusCode).toBe(202);
    archivo = res.json().archivo;
    expect(archivo).toMatch(/^ventanal-\d{4}-\d{2}-\d{2}T\d{6}Z\.sql\.gz$/);
    const audits = await t.count("auditoria");
    const again = await t.request({ method: "POST", url: "/api/respaldos", as: "Gerencia", payload: {} });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("Ya hay un respaldo en curso: espere a que termine.");
    expect(await t.count("auditoria")).toBe(audits);
    expect((await estado()).en_curso).toBe(true);
    await t.app.backups.whenIdle();
  }, BACKUP_MS);

  it("the file: gzip, the portable SQL with counts and a checksum per table; no .tmp left; verified", async () => {
    const e = await estado();
    expect(e.en_curso).toBe(false);
    expect(e.ultimo_error).toBeNull();
    expect(e.respaldos).toHaveLength(1);
    const [r] = e.respaldos;
    expect(r).toMatchObject({ archivo, origen: "manual", verificacion: "verificado", comando: null });
    expect(r.verificacion_mensaje).toMatch(/mismos conteos y checksums/);
    expect(r.tablas).toBeGreaterThan(20);
    expect(fs.readdirSync(t.app.backups.dir).sort()).toEqual([archivo, `${archivo}.json`]);
    const text = gunzipSync(fs.readFileSync(path.join(t.app.backups.dir, archivo))).toString("utf8");
    expect(text.startsWith(`${FORMAT_LINE}\n`)).toBe(true);
    expect(text).toMatch(/^-- ventanal:filas "public"."usuarios" \d+$/m);
    expect(text).toMatch(/^-- ventanal:suma "public"."usuarios" [0-9a-f]{32}$/m);
    expect(e.ultimo_verificado).toBe(r.fecha);
    const salud = (await t.app.inject({ method: "GET", url: "/api/salud", remoteAddress: "10.9.9.4" })).json();
    expect(salud.ok).toBe(true);
    expect(salud.respaldo.al_dia).toBe(true);
    expect(salud.respaldo.horas_desde_ultimo_verificado).toBeLessThan(1);
  });

  it("download: streamed as it is on disk, audited; 404 unknown, 400 not a backup's name", async () => {
    const res = await t.request({ method: "GET", url: `/api/respaldos/archivos/${archivo}`, as: "Gerencia" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/gzip");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="${archivo}"`);
    expect(res.rawPayload.equals(fs.readFileSync(path.join(t.app.backups.dir, archivo)))).toBe(true);
    const audit = await t.database.pool.query("select entidad_id, cambios from auditoria where entidad = 'respaldos' order by id desc limit 1");
    expect(audit.rows[0]).toMatchObject({ entidad_id: archivo, cambios: { accion: "descarga" } });

    const audits = await t.count("auditoria");
    const missing = await t.request({ method: "GET", url: "/api/respaldos/archivos/ventanal-2001-01-01T000000Z.sql.gz", as: "Informático" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("No existe ese respaldo.");
    for (const bad of ["..%2F..%2Fetc%2Fpasswd", `${archivo}.json`, "x"]) {
      const res2 = await t.request({ method: "GET", url: `/api/respaldos/archivos/${bad}`, as: "Informático" });
      expect(res2.statusCode, bad).toBe(400);
    }
    expect(await t.count("auditoria")).toBe(audits);
  });
});

describe("npm run backup's request and a failing BACKUP_COMMAND", () => {
  it("POST api/respaldos/local: 401 without the secret or from another machine", async () => {
    t.app.backups.localToken = "s".repeat(64);
    expect((await t.app.inject({ method: "POST", url: "/api/respaldos/local", payload: {} })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "POST", url: "/api/respaldos/local", payload: {}, headers: { [LOCAL_HEADER]: "x".repeat(64) } })).statusCode).toBe(401);
    const remote = await t.app.inject({ method: "POST", url: "/api/respaldos/local", payload: {}, headers: { [LOCAL_HEADER]: "s".repeat(64) }, remoteAddress: "192.168.1.50" });
    expect(remote.statusCode).toBe(401);
  });

  it("with the secret it takes one and answers when done; the command's failure is stored, logged and shown", async () => {
    t.app.config.backup!.command = `sh -c 'echo "sin conexión con el destino: $0" >&2; exit 3'`;
    try {
      const res = await t.app.inject({ method: "POST", url: "/api/respaldos/local", payload: {}, headers: { [LOCAL_HEADER]: "s".repeat(64) } });
      expect(res.statusCode).toBe(200);
      const row = res.json();
      expect(row.origen).toBe("línea de comandos");
      expect(row.verificacion).toBe("verificado");
      expect(row.comando.ok).toBe(false);
      expect(row.comando.mensaje).toMatch(/código 3: sin conexión con el destino: .*ventanal-.*\.sql\.gz/);
      const e = await estado();
      expect(e.respaldos).toHaveLength(2);
      expect(e.ultimo_error).toMatch(/^BACKUP_COMMAND falló con ventanal-/);
    } finally {
      t.app.config.backup!.command = undefined;
    }
  }, BACKUP_MS);
});

describe("the backups folder on the data's disk", () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "ventanal-disco-"));
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it("warns when BACKUP_DIR and DATA_DIR share a filesystem (st_dev), even before the folder exists", () => {
    fs.mkdirSync(path.join(tmp, "data"));
    expect(sameDiskWarning(path.join(tmp, "backups"), path.join(tmp, "data"))).toBe(MSG_MISMO_DISCO);
    expect(sameDiskWarning(path.join(tmp, "backups"), null)).toBeNull();
  });

  it("does not warn for another filesystem", () => {
    const other = ["/dev/shm", "/proc", "/sys"].find((p) => fs.existsSync(p) && fs.statSync(p).dev !== fs.statSync(tmp).dev);
    expect(other, "another filesystem on this machine").toBeDefined();
    expect(sameDiskWarning(other!, path.join(tmp, "data"))).toBeNull();
  });
});
