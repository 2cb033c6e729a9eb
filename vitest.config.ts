import { configDefaults, defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "src/**/*.test.tsx"],
    // Several real processes on PostgreSQL: `npm run test:cluster` (vitest.cluster.config.ts) runs them.
    exclude: [...configDefaults.exclude, "src/**/*.cluster.test.ts"],
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    setupFiles: ["src/test/setup.ts"],
  },
});
