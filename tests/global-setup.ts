// vitest globalSetup: one folder per run for the database templates of tests/templates.ts,
// removed at the end (with the PostgreSQL template databases it names).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import pg from "pg";

export default function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ventanal-test-templates-"));
  project.provide("templateDir", dir);
  return async () => {
    const url = process.env.TEST_DATABASE_URL;
    if (url) {
      for (const f of fs.readdirSync(dir).filter((f) => f.endsWith(".pg-name"))) {
        const name = fs.readFileSync(path.join(dir, f), "utf8");
        const c = new pg.Client({ connectionString: url });
        await c
          .connect()
          .then(() => c.query(`drop database if exists ${name} with (force)`))
          .finally(() => c.end())
          .catch((err: Error) => console.error(`No se pudo borrar la base plantilla ${name}: ${err.message}`));
      }
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
