// The order test files start in (issue 22.6). Vitest runs the files it has timings for
// longest first, but a fresh clone has none: it then starts the LARGEST files first, and
// the fuzzer's two halves (three-line files, ~30 s each) started last, leaving one core
// idle at the end. The files known to be slow start first here, longest first, so the
// two workers finish together; the rest keep vitest's order (timings of the last run, else size).
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** The slowest files (verbose reporter timings, issue 22.6's note), longest first. */
export const SLOW_FIRST = [
  "tests/fuzz/api-1.test.ts",
  "tests/fuzz/api-2.test.ts",
  "tests/api/compras-model.test.ts",
  "tests/api/platform.test.ts", // real servers in child processes
  "tests/api/demo-safety.test.ts", // npm run demo / npm start in child processes
  "tests/api/auth-matrix.test.ts",
  "tests/api/security.test.ts",
  "tests/api/backup.test.ts",
  "tests/api/respaldos.test.ts", // two online backups, each verified in a child process
  "tests/api/facturas-dte.test.ts",
  "tests/api/throttle.test.ts",
  "scripts/seed/seed.test.ts", // seeds the run's demo database, and a second one
  "tests/api/inventario-model.test.ts",
  "tests/api/sql-functions.test.ts", // a fresh database: initdb and the numbered migrations
];

/** The browser test files, slowest first (verbose reporter timings): two run at once. */
export const E2E_SLOW_FIRST = [
  "tests/e2e/respaldos.e2e.ts", // a real backup and its verification
  "tests/e2e/layout.e2e.ts",
  "tests/e2e/resources.e2e.ts",
  "tests/e2e/sales.e2e.ts",
  "tests/e2e/operations.e2e.ts",
  "tests/e2e/shell.e2e.ts",
  "tests/e2e/purchasing.e2e.ts",
  "tests/e2e/inventory.e2e.ts",
];

function slowFirst(list: readonly string[]) {
  return class extends BaseSequencer {
    override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
      const sorted = await super.sort(files);
      const rank = (spec: TestSpecification) => {
        const rel = spec.moduleId.replace(/\\/g, "/");
        const i = list.findIndex((f) => rel.endsWith(`/${f}`));
        return i < 0 ? list.length : i;
      };
      return sorted
        .map((spec, i) => ({ spec, i, r: rank(spec) }))
        .sort((a, b) => a.r - b.r || a.i - b.i)
        .map((x) => x.spec);
    }
  };
}

export default slowFirst(SLOW_FIRST);
export const E2ESequencer = slowFirst(E2E_SLOW_FIRST);
