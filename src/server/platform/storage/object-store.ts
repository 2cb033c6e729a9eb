import type { Readable } from "node:stream";

/**
 * Where file bytes live (DESIGN §9): a folder under DATA_DIR, or an S3-compatible bucket. Keys are
 * `<user_id>/<file_id>`, so an account's objects share one prefix.
 */
export type ObjectStore = {
  kind: "local" | "s3";
  /** Moves a finished upload (a temporary file on local disk) into the store under `key`. */
  put(key: string, sourcePath: string, size: number, contentType: string): Promise<void>;
  /** The object's bytes as a stream; throws ObjectMissingError when there is none. */
  get(key: string): Promise<Readable>;
  remove(key: string): Promise<void>;
  /** Removes every object whose key starts with `prefix` (an account's files). */
  removePrefix(prefix: string): Promise<void>;
  /** Keys under a prefix, for tests and checks. */
  list(prefix: string): Promise<string[]>;
  /** Throws unless the store can be reached and written to (the readiness probe): no object is written. */
  probe(): Promise<void>;
};

export class ObjectMissingError extends Error {}

/** The storage key of a file: its owner's prefix and its id. */
export const storageKeyOf = (userId: string, fileId: string) => `${userId}/${fileId}`;
