// Shared API-test helpers: the real server in-process (app.inject) on a fresh
// database: PGlite in memory by default, or a fresh schema on the PostgreSQL server of
// TEST_DATABASE_URL when set (the same suite runs on both).
import { randomBytes } from "node:crypto";
import pg from "pg";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { buildApp } from "../server/app";
import { loadConfig } from "../server/config";
import { openDatabase, type Database } from "../server/db/connect";
import { runMigrations } from "../server/db/migrate";
import { bootstrapAdmin } from "../server/services/auth/bootstrap-admin";
import { hashPassword } from "../server/services/auth/tokens";
import { usuarios } from "../server/db/schema";
import { DERIVED_FIGURES } from "../server/services/derived";
import { write } from "../server/services/write";
import type { ThrottleOptions } from "../server/services/auth/throttle";
import { ROLES, type Role } from "../src/domain/roles/roles";

export const ADMIN = { correo: "admin@ventanal.cl", contrasena: "admin-secreto" };
export const PASSWORD = "clave-segura";

export interface TestServer {
  app: FastifyInstance;
  database: Database;
  /** Token of a fresh user of that role (created once per role). */
  tokenFor(role: Role): Promise<string>;
  userIdFor(role: Role): Promise<number>;
  /** app.inject with the bearer token of `as` (a role) or none. */
  request(opts: InjectOptions & { as?: Role | null; token?: string }): Promise<LightMyRequestResponse>;
  /** Rows of a table (to check nothing was written). */
  count(table: string): Promise<number>;
  close(): Promise<void>;
}

/** A throw-away database: in-memory PGlite, or a new database on TEST_DATABASE_URL's server. */
export async function openTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return openDatabase({ dataDir: "memory://" });
  const name = `ventanal_t_${randomBytes(6).toString("hex")}`;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await admin(`create database ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: u.toString() });
  return {
    ...database,
    async close() {
      await database.close();
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}

export async function createTestServer(opts: { throttle?: ThrottleOptions } = {}): Promise<TestServer> {
  const database = await openTestDatabase();
  await runMigrations(database);
  const config = { ...loadConfig({}), webDir: undefined, logLevel: "silent" };
  const app = await buildApp({ database, config, logger: false, throttle: opts.throttle });
  await app.ready();
  await bootstrapAdmin({ db: database.db, user: null, route: "test" }, { email: ADMIN.correo, password: ADMIN.contrasena });

  const tokens = new Map<Role, string>();
  const ids = new Map<Role, number>();
  let passwordHash: string | null = null;

  async function ensureUser(role: Role): Promise<void> {
    if (tokens.has(role)) return;
    passwordHash ??= await hashPassword(PASSWORD);
    const correo = `${role.normalize("NFD").replace(/[^a-zA-Z]/g, "").toLowerCase()}@test.cl`;
    const [u] = await database.db
      .insert(usuarios)
      .values({ nombre: `Usuario ${role}`, correo, rol: role, password_hash: passwordHash })
      .onConflictDoNothing()
      .returning({ id: usuarios.id });
    const res = await app.inject({ method: "POST", url: "/api/login", payload: { correo, contrasena: PASSWORD } });
    if (res.statusCode !== 200) throw new Error(`login ${role}: ${res.statusCode} ${res.body}`);
    tokens.set(role, res.json().token);
    ids.set(role, u?.id ?? res.json().usuario.id);
  }

  async function tokenFor(role: Role): Promise<string> {
    await ensureUser(role);
    return tokens.get(role)!;
  }

  return {
    app,
    database,
    tokenFor,
    async userIdFor(role) {
      await ensureUser(role);
      return ids.get(role)!;
    },
    async request({ as, token, headers, ...rest }) {
      const bearer = token ?? (as ? await tokenFor(as) : undefined);
      return app.inject({ ...rest, headers: { ...(headers ?? {}), ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) } });
    },
    async count(table) {
      const r = await database.pool.query(`select count(*)::int as n from ${table}`);
      return r.rows[0].n;
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export { ROLES };

/**
 * Fixtures written with plain SQL (exits, orders and items inserted directly) bypass the
 * services that keep the derived figures: this sets them from their definitions, as
 * `npm run recompute` does. Returns what differed.
 */
export async function recomputeDerived(database: Database): Promise<number> {
  return write({ db: database.db, user: null, route: "test" }, async (tx) => {
    let differing = 0;
    for (const figure of DERIVED_FIGURES) differing += (await figure.recompute(tx, { fix: true })).differences.length;
    return differing;
  });
}
