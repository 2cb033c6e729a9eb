import fs from "node:fs";
import path from "node:path";
import { configDefaults, defineConfig } from "vitest/config";

const SERVER_TESTS = ["src/server/**/*.test.ts", "src/shared/**/*.test.ts"];
const WEB_TESTS = ["src/web/**/*.test.ts", "src/web/**/*.test.tsx"];
// Several real processes on PostgreSQL: `npm run test:cluster` (vitest.cluster.config.ts) runs them.
const EXCLUDE = [...configDefaults.exclude, "src/**/*.cluster.test.ts"];

/**
 * The server test files that replace a module (`vi.mock`): a module replaced in one file must not be the one
 * the next file of the same process imports, so these run in a process of their own (decision 069).
 */
function filesReplacingModules(): string[] {
  const found: string[] = [];
  const walk = (folder: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const at = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(at);
      else if (entry.name.endsWith(".test.ts") && /\bvi\.mock\(/.test(fs.readFileSync(at, "utf8")))
        found.push(at);
    }
  };
  for (const folder of ["src/server", "src/shared"]) walk(folder);
  return found;
}

const replacing = filesReplacingModules();
const shared = { testTimeout: 30_000, hookTimeout: 60_000, setupFiles: ["src/test/setup.ts"] };

/**
 * Two projects. The server's files run one after another in each worker process without reloading the modules
 * they share (`isolate: false`): importing the app once per process instead of once per file is most of the
 * suite's time. Each file still builds its own app on its own fresh database and closes both. The web's files
 * (which set browser globals) and the server files that replace a module keep a fresh process each.
 */
export default defineConfig({
  test: {
    pool: "forks",
    maxWorkers: 2,
    projects: [
      {
        test: {
          ...shared,
          name: "server",
          include: SERVER_TESTS,
          exclude: [...EXCLUDE, ...replacing],
          isolate: false,
        },
      },
      {
        test: {
          ...shared,
          name: "isolated",
          include: [...WEB_TESTS, ...replacing],
          exclude: EXCLUDE,
          isolate: true,
        },
      },
    ],
  },
});
