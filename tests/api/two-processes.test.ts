// Issue 22.4: two app instances (buildApp twice, each with its own pool, caches and
// throttle object) on one PostgreSQL database behave as one: what must be shared lives in
// the database. PostgreSQL only (PGlite is one process): runs in `npm run test:api:pg`.
import { randomBytes } from "node:crypto";
import { adminQuery } from "../../scripts/pg-admin";
import type { FastifyInstance, InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { loadConfig } from "../../server/config";
import { openDatabase, type Database } from "../../server/db/connect";
import { runMigrations } from "../../server/db/migrate";
import { bootstrapAdmin } from "../../server/services/auth/bootstrap-admin";
import { hashPassword } from "../../server/services/auth/tokens";
import { ADMIN, PASSWORD } from "../helpers";

const url = process.env.TEST_DATABASE_URL;
// Long enough that the block outlasts 40 sign-ins on a loaded machine.
const DELAY = 2500;
const THROTTLE = { freeAttempts: 3, baseDelayMs: DELAY, maxDelayMs: 10_000, windowMs: 60_000 };


const name = `ventanal_t_${randomBytes(6).toString("hex")}`;
let dbA: Database;
let dbB: Database;
let a: FastifyInstance;
let b: FastifyInstance;
const tokens: Record<string, string> = {};
let firstStart: { created: boolean }[] = [];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const call = (app: FastifyInstance, as: string, opts: InjectOptions) =>
  app.inject({ ...opts, headers: { ...(opts.headers ?? {}), authorization: `Bearer ${tokens[as]}` } });
const count = async (table: string) => (await dbA.pool.query(`select count(*)::int n from ${table}`)).rows[0].n as number;

describe.skipIf(!url)("22.4 two processes on one PostgreSQL", () => {
  beforeAll(async () => {
    await adminQuery(url!, `create database ${name}`);
    const u = new URL(url!);
    u.pathname = `/${name}`;
    [dbA, dbB] = await Promise.all([openDatabase({ databaseUrl: u.toString() }), openDatabase({ databaseUrl: u.toString() })]);
    // Both start at once: the migrations take turns, the second finds them applied.
    await Promise.all([runMigrations(dbA), runMigrations(dbB)]);
    const config = { ...loadConfig({}), webDir: undefined, logLevel: "silent" };
    [a, b] = await Promise.all([
      buildApp({ database: dbA, config, logger: false, throttle: THROTTLE }),
      buildApp({ database: dbB, config, logger: false, throttle: THROTTLE }),
    ]);
    await Promise.all([a.ready(), b.ready()]);
    // Both see an empty database at once (checked in the first test).
    const ctx = (db: Database) => ({ db: db.db, user: null, route: "test" });
    firstStart = await Promise.all([
      bootstrapAdmin(ctx(dbA), { email: ADMIN.correo, password: ADMIN.contrasena }),
      bootstrapAdmin(ctx(dbB), { email: ADMIN.correo, password: ADMIN.contrasena }),
    ]);
    const hash = await hashPassword(PASSWORD);
    for (const [rol, correo] of [
      ["Ventas", "ventas@test.cl"],
      ["Adquisiciones", "adquisiciones@test.cl"],
    ]) {
      await dbA.pool.query("insert into usuarios (nombre, correo, rol, password_hash) values ($1, $2, $1, $3)", [rol, correo, hash]);
      const res = await a.inject({ method: "POST", url: "/api/login", payload: { correo, contrasena: PASSWORD } });
      expect(res.statusCode).toBe(200);
      tokens[rol] = res.json().token;
    }
    await dbA.pool.query("insert into materiales (codigo, producto, precio_unitario) values ('PER-001', 'Perfil 20x20', 1400)");
    const [{ id }] = (await dbA.pool.query("insert into clientes (nombre) values ('Constructora Andes') returning id")).rows;
    await dbA.pool.query("insert into presupuestos (numero, cliente_id, nombre_obra, fecha) values ('P-100', $1, 'Edificio Los Robles', '2026-03-01')", [id]);
    const prov = await call(a, "Adquisiciones", { method: "POST", url: "/api/proveedores", payload: { proveedor: "Aluminios del Sur", rut: "76086428-5" } });
    expect(prov.statusCode).toBe(201);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await Promise.all([dbA?.close(), dbB?.close()]);
    await adminQuery(url!, `drop database if exists ${name} with (force)`);
  });

  it("the first start of both creates one administrator", async () => {
    expect(firstStart.filter((r) => r.created)).toHaveLength(1);
    expect((await dbA.pool.query("select count(*)::int n from usuarios where rol = 'Informático'")).rows[0].n).toBe(1);
  });

  it("the sign-in throttle counts the failures of both: 40 wrong passwords split over the two give at most the free attempts as 401", async () => {
    const correo = "paralelo@ejemplo.cl";
    await dbA.pool.query("insert into usuarios (nombre, correo, rol, password_hash) values ('Paralelo', $1, 'Ventas', $2)", [correo, await hashPassword("secreta1")]);
    const login = (app: FastifyInstance, contrasena: string) => app.inject({ method: "POST", url: "/api/login", remoteAddress: "10.9.0.1", payload: { correo, contrasena } });
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => login(i % 2 ? b : a, "mala")));
    const unauthorized = answers.filter((r) => r.statusCode === 401).length;
    const throttled = answers.filter((r) => r.statusCode === 429).length;
    console.info(`22.4: 40 wrong passwords over two processes → ${unauthorized} × 401, ${throttled} × 429`);
    expect(unauthorized).toBeLessThanOrEqual(THROTTLE.freeAttempts);
    expect(unauthorized).toBeGreaterThan(0);
    expect(unauthorized + throttled).toBe(40);
    // Blocked on both, even with the right password; both let the user in after the wait.
    expect((await login(a, "secreta1")).statusCode).toBe(429);
    expect((await login(b, "secreta1")).statusCode).toBe(429);
    await sleep(DELAY + 200);
    expect((await login(b, "secreta1")).statusCode).toBe(200);
  });

  it("a list cached on one is refreshed by a write on the other", async () => {
    const names = async (app: FastifyInstance) => (await call(app, "Ventas", { method: "GET", url: "/api/clientes" })).json().map((c: { nombre: string }) => c.nombre);
    expect(await names(a)).toEqual(["Constructora Andes"]);
    expect(await names(a)).toEqual(["Constructora Andes"]); // kept
    const res = await call(b, "Ventas", { method: "POST", url: "/api/clientes", payload: { nombre: "Vidrios Lirquén" } });
    expect(res.statusCode, res.body).toBe(201);
    expect(await names(a)).toEqual(["Constructora Andes", "Vidrios Lirquén"]);
    // A joined table written on the other: the quote list shows the client's new name.
    const quotes = async (app: FastifyInstance) => (await call(app, "Ventas", { method: "GET", url: "/api/presupuestos" })).json()[0].cliente_nombre;
    expect(await quotes(a)).toBe("Constructora Andes");
    const [{ id }] = (await dbA.pool.query("select id from clientes where nombre = 'Constructora Andes'")).rows;
    expect((await call(b, "Ventas", { method: "PUT", url: `/api/clientes/${id}`, payload: { nombre: "Constructora Cordillera" } })).statusCode).toBe(200);
    expect(await quotes(a)).toBe("Constructora Cordillera");
  });

  const order = () => ({
    proveedor: "Aluminios del Sur",
    fecha: "2026-03-10",
    realizado_por: "Carla Rojas",
    cliente_id: "Constructora Cordillera",
    numero_presupuesto: "P-100",
    items: [{ codigo: "PER-001", producto: "Perfil 20x20", cantidad: 10, precio_unitario: 1500 }],
  });

  it("20 simultaneous orders split over both get 20 distinct numbers", async () => {
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => call(i % 2 ? b : a, "Adquisiciones", { method: "POST", url: "/api/ordenes_compra", payload: order() })));
    for (const r of results) expect(r.statusCode, r.body).toBe(201);
    const numbers = results.map((r) => r.json().numero_oc as number);
    expect(new Set(numbers).size).toBe(20);
  });

  it("the same Idempotency-Key sent to both at once writes once and both get the same answer", async () => {
    const before = { ordenes: await count("ordenes_compra"), auditoria: await count("auditoria") };
    const send = (app: FastifyInstance) =>
      call(app, "Adquisiciones", { method: "POST", url: "/api/ordenes_compra", payload: order(), headers: { "idempotency-key": "dos-procesos-1" } });
    const [ra, rb] = await Promise.all([send(a), send(b)]);
    expect([ra.statusCode, rb.statusCode], `${ra.body} ${rb.body}`).toEqual([201, 201]);
    expect(ra.json()).toEqual(rb.json());
    expect(await count("ordenes_compra")).toBe(before.ordenes + 1);
    expect(await count("auditoria")).toBe(before.auditoria + 1);
    // Later repeats on either replay it too.
    const again = await send(b);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json()).toEqual(ra.json());
  });
});
