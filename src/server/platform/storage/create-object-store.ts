import path from "node:path";
import type { Config } from "../../config.ts";
import { createLocalStore } from "./local-store.ts";
import type { ObjectStore } from "./object-store.ts";
import { createS3Store } from "./s3-store.ts";

/** Where uploads are written while they arrive; on the same disk as the local store, so `put` is a rename. */
export function incomingDirectory(config: Pick<Config, "DATA_DIR">): string {
  return path.resolve(config.DATA_DIR, "files", ".incoming");
}

/** The S3 driver when S3_BUCKET is set, otherwise the folder DATA_DIR/files. */
export function createObjectStore(config: Config): ObjectStore {
  if (config.S3_BUCKET) {
    return createS3Store({
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
