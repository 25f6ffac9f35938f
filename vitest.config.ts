import os from "node:os";
import { defineConfig } from "vitest/config";
import SlowFirstSequencer from "./tests/sequencer";

// Unit tests (src/**) and API tests (tests/api/**): no browser, no server to install.
export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "src/**/*.test.tsx", "tests/api/**/*.test.ts", "tests/fuzz/**/*.test.ts", "server/**/*.test.ts", "scripts/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    // One worker process per core for the whole run, each running file after file: a file
    // no longer pays a process start and the import of the server's modules (fastify, zod,
    // drizzle, the routes: ~2 s of CPU each time). Each file still builds its own app and
    // opens its own database (tests/templates.ts); the server's caches are per database
    // (WeakMap<Db>), and a test file's own module is evaluated afresh for each file.
    isolate: false,
    // Vitest 4 runs (cores - 1) files at a time: ONE on a 2-core machine. Every core instead
    // (each file's PGlite runs in a thread of its own, so a file rarely fills a core alone).
    maxWorkers: Math.max(2, os.availableParallelism()),
    // One folder per run for the migrated and seeded templates (tests/templates.ts).
    globalSetup: ["tests/global-setup.ts"],
    sequence: { sequencer: SlowFirstSequencer },
  },
});
