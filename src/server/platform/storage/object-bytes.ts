import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import type { ObjectStore } from "./object-store.ts";

/** Stores bytes under `key` through a temporary file (the object store moves finished files in). */
export async function putBytes(storage: ObjectStore, key: string, bytes: Uint8Array, contentType: string) {
  const temporary = path.join(os.tmpdir(), `podium-object-${crypto.randomUUID()}`);
  await fs.writeFile(temporary, bytes);
  try {
    await storage.put(key, temporary, bytes.length, contentType);
  } finally {
    await fs.rm(temporary, { force: true });
  }
}

/** An object's bytes; throws ObjectMissingError when there is none. */
export async function readBytes(storage: ObjectStore, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of (await storage.get(key)) as Readable) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}
