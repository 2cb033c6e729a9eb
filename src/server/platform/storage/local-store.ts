import { constants } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { ObjectMissingError, type ObjectStore } from "./object-store.ts";

/** Objects as files under `root` (DATA_DIR/files/<user_id>/<file_id>). */
export function createLocalStore(root: string): ObjectStore {
  const pathOf = (key: string) => {
    const target = path.resolve(root, key);
    // Keys are built from UUIDs; this guards the folder against any other caller.
    if (!target.startsWith(`${root}${path.sep}`)) throw new Error(`Invalid storage key: ${key}`);
    return target;
  };

  return {
    kind: "local",
    async put(key, sourcePath) {
      const target = pathOf(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      try {
        await fs.rename(sourcePath, target);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
        await fs.copyFile(sourcePath, target);
        await fs.rm(sourcePath, { force: true });
      }
    },
    async get(key) {
      const target = pathOf(key);
      const handle = await fs.open(target, "r").catch((error: NodeJS.ErrnoException) => {
        throw error.code === "ENOENT" ? new ObjectMissingError(key) : error;
      });
      return handle.createReadStream();
    },
    async remove(key) {
      await fs.rm(pathOf(key), { force: true });
    },
    async removePrefix(prefix) {
      await fs.rm(pathOf(prefix.replace(/\/+$/, "")), { recursive: true, force: true });
    },
    async list(prefix) {
      const folder = pathOf(prefix.replace(/\/+$/, ""));
      const names = await fs.readdir(folder).catch(() => [] as string[]);
      return names.map((name) => `${prefix.replace(/\/+$/, "")}/${name}`);
    },
    async probe() {
      await fs.mkdir(root, { recursive: true });
      await fs.access(root, constants.W_OK);
    },
  };
}
