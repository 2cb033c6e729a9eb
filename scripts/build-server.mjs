#!/usr/bin/env node
/**
 * Bundles the server (src/server/main.ts and everything it imports, packages included) into one file,
 * build/server/main.mjs, which `npm start` runs on every supported Node version without compiling anything;
 * and the PDF threads' entry (src/server/pdf-worker.ts) into build/server/pdf-worker.mjs beside it, where
 * platform/pdf/render-in-worker.ts finds it.
 * Loading one file takes a fraction of the time Node spends resolving and reading thousands of module files
 * (decision 011). Packages that find files of their own at run time (WebAssembly, native addons, data
 * folders, worker threads) stay outside and load from node_modules as usual.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { ROOT, SERVER_BUNDLE, SERVER_SOURCES, SERVER_STAMP, sourcesFingerprint } from "./sources.mjs";

const LOADED_FROM_NODE_MODULES = [
  "@electric-sql/pglite",
  "@node-rs/argon2",
  "@touch4it/ical-timezones",
  "pg-native",
  "pino",
  "pino-pretty",
  "thread-stream",
  // Only `npm run dev` loads these.
  "vite",
  "tsx",
];

export async function buildServer() {
  const fingerprint = sourcesFingerprint(SERVER_SOURCES);
  rmSync(SERVER_STAMP, { force: true });
  mkdirSync(path.dirname(SERVER_BUNDLE), { recursive: true });
  await build({
    entryPoints: {
      [path.basename(SERVER_BUNDLE, ".mjs")]: path.join(ROOT, "src/server/main.ts"),
      "pdf-worker": path.join(ROOT, "src/server/pdf-worker.ts"),
    },
    outdir: path.dirname(SERVER_BUNDLE),
    outExtension: { ".js": ".mjs" },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20.19",
    external: LOADED_FROM_NODE_MODULES,
    // Bundled CommonJS packages call require(); an ES module has none of its own.
    banner: {
      js: "import { createRequire as createRequireForBundle } from 'node:module'; const require = createRequireForBundle(import.meta.url);",
    },
    minifyWhitespace: true,
    minifySyntax: true,
    // Error names and stack traces keep the sources' function names.
    keepNames: true,
    legalComments: "none",
    logLevel: "warning",
  });
  writeFileSync(SERVER_STAMP, JSON.stringify({ fingerprint }));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await buildServer();
