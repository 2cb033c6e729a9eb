import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { type Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";

export type ReceivedUpload = { path: string; size: number; sha256: string };

/** An upload past the limit; `size` is what arrived, all of it when `complete`, else up to the drain cap. */
export class UploadTooLargeError extends Error {
  readonly size: number;
  readonly complete: boolean;

  constructor(size: number, complete: boolean) {
    super("upload too large");
    this.size = size;
    this.complete = complete;
  }
}

/** How far past the limit an upload is still read to learn its size before the reading stops. */
const DRAIN_FACTOR = 4;

/**
 * Streams an upload into a temporary file in `directory`, hashing and counting as it goes; memory use
 * stays at one chunk whatever the size. Over `maxBytes` nothing more is written (the rest is only counted,
 * so the answer can say how large the file was) and UploadTooLargeError is thrown. Any failure —
 * too large, the client going away half-way — removes the temporary file.
 */
export async function receiveUpload(
  source: Readable,
  directory: string,
  maxBytes: number,
): Promise<ReceivedUpload> {
  await fs.mkdir(directory, { recursive: true });
  const target = path.join(directory, randomUUID());
  const hash = createHash("sha256");
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > maxBytes * DRAIN_FACTOR) return callback(new UploadTooLargeError(size, false));
      if (size > maxBytes) return callback();
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  // Opened before the stream starts: a write stream opens its file lazily, so a client gone in the first
  // chunk could otherwise have the file created after the clean-up below removed it.
  const file = await fs.open(target, "wx");
  try {
    await pipeline(source, meter, file.createWriteStream());
    if (size > maxBytes) throw new UploadTooLargeError(size, true);
    return { path: target, size, sha256: hash.digest("hex") };
  } catch (error) {
    await fs.rm(target, { force: true });
    throw error;
  }
}
