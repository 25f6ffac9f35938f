import { defineConfig } from "vitest/config";

// Browser tests: Playwright (playwright-core) driving the system Chromium against
// the real server started in-process on a temporary PGlite database.
export default defineConfig({
  test: {
    include: ["tests/e2e/**/*.e2e.ts"],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
