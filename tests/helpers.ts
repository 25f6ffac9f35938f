// Shared API-test helpers: the real server in-process (app.inject) on a fresh
// database: PGlite in memory by default, or a fresh database on the PostgreSQL server of
// TEST_DATABASE_URL when set (the same suite runs on both); each a copy of the run's
// migrated template (tests/templates.ts).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { buildApp } from "../server/app";
import { loadConfig } from "../server/config";
import type { Database } from "../server/db/connect";
import { offerTemplate, openEmptyDatabase, openFromTemplate, sharedOnce } from "./templates";
import { runMigrations } from "../server/db/migrate";
import { bootstrapAdmin } from "../server/services/auth/bootstrap-admin";
import { hashPassword } from "../server/services/auth/tokens";
import { usuarios } from "../server/db/schema";
import { DERIVED_FIGURES } from "../server/services/derived";
import { write } from "../server/services/write";
import type { ThrottleOptions } from "../server/services/auth/throttle";
import type { PublicLimitOptions } from "../server/services/sales/public-limit";
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

/** A throw-away EMPTY database: in-memory PGlite, or a new database on TEST_DATABASE_URL's server. */
export const openTestDatabase = openEmptyDatabase;

/**
 * A throw-away migrated database: a copy of this run's migrated template (tests/templates.ts).
 * `dataDir`: the copy is a PGlite data directory there (a DATA_DIR a server ran on before).
 */
export function openMigratedTestDatabase(opts: { dataDir?: string } = {}): Promise<Database> {
  return openFromTemplate("migrated", runMigrations, opts);
}

/**
 * A throw-away database as a test server starts on: migrated, with the first administrator
 * (ADMIN) and its audit row; a copy of this run's "server" template. The administrator's
 * argon2 hash is thus computed once per run, not once per file. `dataDir`: as above.
 */
export function openServerTestDatabase(opts: { dataDir?: string } = {}): Promise<Database> {
  return openFromTemplate(
    "server",
    async (database) => {
      await runMigrations(database);
      await offerTemplate("migrated", database); // on the way: the "migrated" template too
      await bootstrapAdmin({ db: database.db, user: null, route: "test" }, { email: ADMIN.correo, password: ADMIN.contrasena });
    },
    opts,
  );
}

/**
 * The argon2id hash of PASSWORD the role users of every file get: a real hash (hashPassword),
 * computed once per run and shared through the run's template folder, so each login of
 * those users still verifies it the real way.
 */
function testPasswordHash(): Promise<string> {
  return sharedOnce("password-hash", () => hashPassword(PASSWORD));
}

export async function createTestServer(opts: { throttle?: ThrottleOptions; publicLimit?: PublicLimitOptions; backupCommand?: string } = {}): Promise<TestServer> {
  const database = await openServerTestDatabase();
  await runMigrations(database); // nothing left to apply: as server/main.ts does on every start
  // Backups (POST api/respaldos) go to a folder of this server's own, removed on close.
  const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), "ventanal-test-respaldos-"));
  const config = { ...loadConfig({}), webDir: undefined, logLevel: "silent", backup: { dir: backupDir, command: opts.backupCommand } };
  const app = await buildApp({ database, config, logger: false, throttle: opts.throttle, publicLimit: opts.publicLimit });
  await app.ready();
  // As server/main.ts does on every start: the template holds the administrator already.
  await bootstrapAdmin({ db: database.db, user: null, route: "test" }, { email: ADMIN.correo, password: ADMIN.contrasena });

  const tokens = new Map<Role, string>();
  const ids = new Map<Role, number>();
  let passwordHash: string | null = null;

  async function ensureUser(role: Role): Promise<void> {
    if (tokens.has(role)) return;
    passwordHash ??= await testPasswordHash();
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
      fs.rmSync(backupDir, { recursive: true, force: true });
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
