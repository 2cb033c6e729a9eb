#!/usr/bin/env node
/**
 * `npm run lock`: rewrites package-lock.json so that `npm ci` succeeds on a fresh clone on every platform.
 *
 * npm leaves other platforms' optional packages (Biome, Tailwind's oxide, Rolldown, esbuild binaries) out of
 * a lock it writes next to an installed node_modules (npm/cli#4828, #8320), and `npm ci` then refuses the
 * lock as out of sync on a fresh clone. Resolving in an empty folder records every platform's package. The
 * script then checks what `npm ci` checks: every optional dependency of a locked package is in the lock. A
 * gap means the registry has no build of that version for some platform; pin a version that has them all
 * (decision 010).
 */
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const work = mkdtempSync(path.join(tmpdir(), "podium-lock-"));

try {
  copyFileSync(path.join(root, "package.json"), path.join(work, "package.json"));
  // The current lock keeps every version that still satisfies package.json; only gaps are resolved.
  const lockPath = path.join(root, "package-lock.json");
  if (existsSync(lockPath) && !process.argv.includes("--fresh")) {
    copyFileSync(lockPath, path.join(work, "package-lock.json"));
  }
  execFileSync("npm", ["install", "--package-lock-only", "--ignore-scripts", "--no-audit", "--no-fund"], {
    cwd: work,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const lock = JSON.parse(readFileSync(path.join(work, "package-lock.json"), "utf8"));
  const missing = missingOptionalPackages(lock.packages);
  if (missing.length > 0) {
    console.error(
      `The lock would miss ${missing.length} optional package(s), so \`npm ci\` would fail on a fresh clone:\n` +
        missing.map((line) => `  ${line}`).join("\n") +
        "\nThe registry has no build of these versions; pin the dependency that needs them to a version that has all.",
    );
    process.exit(1);
  }
  copyFileSync(path.join(work, "package-lock.json"), lockPath);
  console.log("package-lock.json written with every platform's optional packages.");
} finally {
  rmSync(work, { recursive: true, force: true });
}

/** Optional dependencies that no lock entry satisfies, found the way Node resolves packages. */
function missingOptionalPackages(packages) {
  const missing = [];
  for (const [location, entry] of Object.entries(packages)) {
    for (const name of Object.keys(entry.optionalDependencies ?? {})) {
      if (!resolves(packages, location, name))
        missing.push(`${name} (wanted by ${location || "the project"})`);
    }
  }
  return [...new Set(missing)];
}

function resolves(packages, location, name) {
  let base = location;
  for (;;) {
    if (packages[`${base ? `${base}/` : ""}node_modules/${name}`]) return true;
    if (!base) return false;
    const cut = base.lastIndexOf("node_modules/");
    base = cut <= 0 ? "" : base.slice(0, cut - 1);
  }
}
