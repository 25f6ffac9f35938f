import { defineConfig } from "vitest/config";
import { E2ESequencer } from "./tests/sequencer";

// Browser tests: Playwright (playwright-core) driving the system Chromium against the real
// server, one per test file, in a child process on a COPY of the run's template database
// (tests/e2e/global-setup.ts). Files share nothing (own server, port, data and web folders,
// browser; distinct screenshot names), so two run at once; the slowest start first.
export default defineConfig({
  test: {
    include: ["tests/e2e/**/*.e2e.ts"],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // expect.poll waits up to 1 s by default: too short for a screen's first answer on a
    // loaded machine with two files running (a failing poll still fails, 5 s later).
    expect: { poll: { timeout: 5_000 } },
    globalSetup: ["tests/e2e/global-setup.ts"],
    fileParallelism: true,
    maxWorkers: 2,
    sequence: { sequencer: E2ESequencer },
  },
});
