import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The nearest folder at or above `start` that holds a package.json: the package `start` belongs to. */
export function packageFolderOf(start: string): string {
  for (let folder = start; ; folder = path.dirname(folder)) {
    if (existsSync(path.join(folder, "package.json"))) return folder;
    if (path.dirname(folder) === folder) throw new Error(`No package.json above ${start}`);
  }
}

/**
 * The project's folder: the same whether the server runs from its TypeScript sources or from the bundle
 * `npm start` builds (build/server/main.mjs).
 */
export const PROJECT_ROOT = packageFolderOf(path.dirname(fileURLToPath(import.meta.url)));
