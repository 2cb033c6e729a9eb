import { defineConfig } from "vitest/config";

/**
 * `npm run test:cluster`: several real server processes behind HAProxy on one PostgreSQL (src/test/cluster.ts).
 * DATABASE_URL names the PostgreSQL server each file creates its own fresh database on; haproxy must be
 * installed. One file at a time: each starts its own processes.
 */
export default defineConfig({
  test: {
    include: ["src/**/*.cluster.test.ts"],
    pool: "forks",
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
    setupFiles: ["src/test/setup.ts"],
  },
});
