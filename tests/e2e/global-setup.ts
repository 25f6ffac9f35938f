// vitest globalSetup of the browser tests: the run's template data directories (a fresh
// database with one user per role, and the demo), built once before the files start, each
// file's server then starting on a copy (tests/e2e/support.ts startEnv); removed at the end.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { buildTemplates } from "./support";

export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ventanal-e2e-templates-"));
  try {
    await buildTemplates(dir);
  } catch (err) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  project.provide("e2eTemplateDir", dir);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
