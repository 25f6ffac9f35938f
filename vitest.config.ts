import { defineConfig } from "vitest/config";

// Unit tests (src/**) and API tests (tests/api/**): no browser, no server to install.
export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "src/**/*.test.tsx", "tests/api/**/*.test.ts", "tests/fuzz/**/*.test.ts", "server/**/*.test.ts", "scripts/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
  },
});
