// `npm run test:api:pg`: the API test suite (tests/api) on a real PostgreSQL server.
// TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) names a database
// that is only used to create and drop one throw-away database per test file.
import { spawn } from "node:child_process";
import pg from "pg";

const url = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";

/** Creates the named database when missing (connecting to the server's "postgres" database). */
async function ensureDatabase(): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    await client.end();
    return;
  } catch (err) {
    await client.end().catch(() => {});
    if ((err as { code?: string }).code !== "3D000") throw err; // 3D000: database does not exist
  }
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const c = new pg.Client({ connectionString: admin.toString() });
  await c.connect();
  try {
    await c.query(`create database "${name.replace(/"/g, '""')}"`);
    console.log(`Base de datos ${name} creada.`);
  } finally {
    await c.end();
  }
}

try {
  await ensureDatabase();
} catch (err) {
  console.error(`No se pudo conectar a PostgreSQL en ${url.replace(/\/\/[^@/]*@/, "//…@")}: ${(err as Error).message}`);
  console.error("Inicie PostgreSQL o indique otro servidor con TEST_DATABASE_URL.");
  process.exit(1);
}

// `npm run test:api:pg -- tests/api/foo.test.ts`: only those files (a path filter given
// beside "tests/api" would still run the whole folder); options (--…) go to vitest as they are.
const args = process.argv.slice(2).filter((a) => a !== "--");
const files = args.filter((a) => !a.startsWith("-"));
const vitest = spawn("npx", ["vitest", "run", ...(files.length ? [] : ["tests/api"]), ...args], {
  stdio: "inherit",
  env: { ...process.env, TEST_DATABASE_URL: url },
});
vitest.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
