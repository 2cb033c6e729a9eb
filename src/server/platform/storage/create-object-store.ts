import path from "node:path";
import type { Config } from "../../config.ts";
import { createLocalStore } from "./local-store.ts";
import type { ObjectStore } from "./object-store.ts";
import type { S3StoreOptions } from "./s3-store.ts";

/** Where uploads are written while they arrive; on the same disk as the local store, so `put` is a rename. */
export function incomingDirectory(config: Pick<Config, "DATA_DIR">): string {
  return path.resolve(config.DATA_DIR, "files", ".incoming");
}

/** The S3 driver when S3_BUCKET is set, otherwise the folder DATA_DIR/files. */
export function createObjectStore(config: Config): ObjectStore {
  if (config.S3_BUCKET) {
    return lazyS3Store({
      bucket: config.S3_BUCKET,
      region: config.S3_REGION ?? "us-east-1",
      endpoint: config.S3_ENDPOINT,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
  }
  return createLocalStore(path.resolve(config.DATA_DIR, "files"));
}

/**
 * The S3 driver, with the AWS SDK (a tenth of the server's code) loaded by the first call rather than at
 * start-up, which most installs (files on local disk) never make (decision 011).
 */
function lazyS3Store(options: S3StoreOptions): ObjectStore {
  let loading: Promise<ObjectStore> | undefined;
  const store = () => {
    loading ??= import("./s3-store.ts").then(({ createS3Store }) => createS3Store(options));
    return loading;
  };
  return {
    kind: "s3",
    put: async (key, sourcePath, size, contentType) =>
      (await store()).put(key, sourcePath, size, contentType),
    get: async (key) => (await store()).get(key),
    remove: async (key) => (await store()).remove(key),
    removePrefix: async (prefix) => (await store()).removePrefix(prefix),
    list: async (prefix) => (await store()).list(prefix),
    probe: async () => (await store()).probe(),
  };
}
