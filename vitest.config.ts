import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

// Suites that start processes, servers, browsers or the whole compiler run in the e2e project;
// everything else is the fast unit loop (`npm run test:unit`).
const E2E = [
  "test/server/**/*.test.ts",
  "test/cli/**/*.test.ts",
  "test/hardening/**/*.test.ts",
  "test/clients/**/*.test.ts",
  "test/report/**/*.test.ts",
  "test/e2e/**/*.test.ts",
  "test/ledger/postgres*.test.ts",
  "test/ledger/store_*.test.ts",
  "test/gen/determinism.test.ts",
  "test/gen/fixtures.test.ts",
  "test/gen/cli.test.ts",
];

/**
 * Unit files that need a module registry of their own: those that mock modules (`vi.mock`), and those
 * that count operations by V8's precise coverage (op_count.ts), which counts blocks only in code compiled
 * after it started. The rest share their worker's modules, which spares each file re-importing the
 * runtime and the compiler (a third of the unit loop's time).
 */
const OWN_MODULES = readdirSync("test", { recursive: true, encoding: "utf8" })
  .filter((f) => f.endsWith(".test.ts"))
  .map((f) => path.posix.join("test", f.split(path.sep).join("/")))
  .filter((f) => /\bvi\.(do)?[mM]ock\(|\/op_count\.js"/.test(readFileSync(f, "utf8")));

/** Test files run at once in each project: every core (vitest's default leaves one idle, on 2 cores half). */
const WORKERS = Math.max(2, availableParallelism());

export default defineConfig({
  // TypeScript's CommonJS sources (.cts: the server's start-up path) are transformed like .ts.
  oxc: { include: /\.(m|c)?tsx?$/ },
  test: {
    exclude: ["dist/**", "node_modules/**", "test/fixtures/**"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    // Each test file's own temporary research ledger (servers it spawns inherit it).
    setupFiles: ["test/setup/ledger_env.ts"],
    projects: [
      // Unit tests run in worker threads (cheaper to start than forked processes), sharing each worker's
      // modules; a setup file resets the process-wide settings before each file.
      {
        extends: true,
        test: {
          name: "unit",
          pool: "threads",
          isolate: false,
          maxWorkers: WORKERS,
          setupFiles: ["test/setup/unit_state.ts"],
          include: ["test/**/*.test.ts"],
          exclude: [...E2E, ...OWN_MODULES, "test/fixtures/**"],
        },
      },
      // The files that mock modules or count operations, each with its own modules (an e2e file that mocks
      // one would run here too: the e2e project shares its modules).
      {
        extends: true,
        test: {
          name: "unit-isolated",
          pool: "threads",
          maxWorkers: WORKERS,
          include: OWN_MODULES,
          exclude: ["test/fixtures/**"],
        },
      },
      // E2e files share no ports (servers bind port 0) and no files (each has its own temporary folders and ledger).
      // Like unit files, they share their worker's modules (the same setup file resets the process-wide
      // settings before each file): re-importing the runtime per file cost a tenth of the e2e time.
      {
        extends: true,
        test: {
          name: "e2e",
          isolate: false,
          maxWorkers: WORKERS,
          include: E2E,
          exclude: [...OWN_MODULES, "test/fixtures/**"],
          setupFiles: ["test/setup/unit_state.ts"],
          globalSetup: ["test/setup/build_once.ts"],
        },
      },
    ],
  },
});
