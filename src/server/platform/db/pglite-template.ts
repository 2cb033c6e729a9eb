import { createHash } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { PROJECT_ROOT, packageFolderOf } from "../project-root.ts";
import { MIGRATIONS_FOLDER } from "./migrations-folder.ts";

/**
 * A new embedded database starts as a copy of a template: an empty data folder already initialised and
 * migrated. PGlite's initdb runs a second WebAssembly module and takes several seconds; copying its result
 * takes a fraction of one. The first data folder made on an install is initialised the slow way and, once
 * migrated, becomes the template for the next (decision 011). A template belongs to one PGlite version and
 * one set of migrations; any other is ignored.
 */
export const DEFAULT_TEMPLATES_DIR = path.join(PROJECT_ROOT, "build", "pglite-template");

/** Names the template for this PGlite version, these extensions and these migrations. */
export function templateKey(extensionNames: string[]): string {
  const hash = createHash("sha256");
  const pgliteFolder = packageFolderOf(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
  hash.update(JSON.parse(fs.readFileSync(path.join(pgliteFolder, "package.json"), "utf8")).version);
  hash.update("\0");
  hash.update(extensionNames.join(",")).update("\0");
  const journal = path.join(MIGRATIONS_FOLDER, "meta", "_journal.json");
  for (const file of [journal, ...migrationFiles()]) hash.update(fs.readFileSync(file)).update("\0");
  return hash.digest("hex").slice(0, 24);
}

const migrationFiles = () =>
  fs
    .readdirSync(MIGRATIONS_FOLDER)
    .filter((name) => name.endsWith(".sql"))
    .sort()
    .map((name) => path.join(MIGRATIONS_FOLDER, name));

export const isInitialised = (dataDir: string) => fs.existsSync(path.join(dataDir, "PG_VERSION"));

/** Fills an empty data folder from the template when there is one; says whether it did. */
export function copyTemplate(templatesDir: string, key: string, dataDir: string): boolean {
  const template = path.join(templatesDir, key);
  if (isInitialised(dataDir) || !isInitialised(template)) return false;
  fs.cpSync(template, dataDir, { recursive: true, mode: fs.constants.COPYFILE_FICLONE });
  return true;
}

/**
 * Keeps a data folder that was just initialised and migrated, and holds nothing else, as the template.
 * The caller has checkpointed it and sends no query meanwhile (PGlite writes only while it runs one), so the
 * files copied are a consistent database. Copied under a temporary name and renamed, so that another process
 * never sees half a template; older templates are removed.
 */
export function saveTemplate(templatesDir: string, key: string, dataDir: string): void {
  fs.mkdirSync(templatesDir, { recursive: true });
  const partial = path.join(templatesDir, `${key}.partial-${process.pid}`);
  fs.cpSync(dataDir, partial, { recursive: true });
  try {
    fs.renameSync(partial, path.join(templatesDir, key));
  } catch {
    // Another process saved the same template first.
    fs.rmSync(partial, { recursive: true, force: true });
  }
  for (const name of fs.readdirSync(templatesDir)) {
    if (name !== key && !name.includes(".partial-")) {
      fs.rmSync(path.join(templatesDir, name), { recursive: true, force: true });
    }
  }
}
