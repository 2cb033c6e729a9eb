import { createHash } from "node:crypto";
import { putBytes, readBytes } from "../storage/object-bytes.ts";
import { ObjectMissingError, type ObjectStore } from "../storage/object-store.ts";

/** Raise it when a document's layout changes, so that every stored rendering is made anew. */
const LAYOUT_VERSION = 1;

const inFlight = new Map<string, Promise<Buffer>>();

type Rendered = {
  userId: string;
  /** Which of the speaker's documents, e.g. `one-sheet` or `invoice-<id>`. */
  document: string;
  /** Everything the document shows, JSON-serialisable: images by their SHA-256, not their bytes. */
  shows: unknown;
};

/**
 * A document rendered once per version of what it shows. The version is the SHA-256 of `shows` and names
 * the stored PDF, `<user_id>/rendered/<document>/<version>.pdf` (under the owner's prefix, so deleting the
 * account removes it). A repeat is served from storage; any change makes a new version, rendered by
 * `render` and stored in place of the previous one. Requests for one version at once share one rendering.
 */
export async function renderOncePerVersion(
  store: ObjectStore,
  { userId, document, shows }: Rendered,
  render: () => Promise<Uint8Array>,
): Promise<Buffer> {
  const version = createHash("sha256")
    .update(JSON.stringify({ layout: LAYOUT_VERSION, shows }))
    .digest("hex");
  const folder = `${userId}/rendered/${document}`;
  const key = `${folder}/${version}.pdf`;
  try {
    return await readBytes(store, key);
  } catch (error) {
    if (!(error instanceof ObjectMissingError)) throw error;
  }
  return sharedRendering(key, () => renderAndStore(store, folder, key, render));
}

/** Requests for one version at once (named by `version`) share one rendering of it. */
export function sharedRendering(version: string, render: () => Promise<Buffer>): Promise<Buffer> {
  let rendering = inFlight.get(version);
  if (!rendering) {
    rendering = render().finally(() => inFlight.delete(version));
    inFlight.set(version, rendering);
  }
  return rendering;
}

async function renderAndStore(
  store: ObjectStore,
  folder: string,
  key: string,
  render: () => Promise<Uint8Array>,
) {
  const bytes = Buffer.from(await render());
  await putBytes(store, key, bytes, "application/pdf");
  // Earlier versions are never asked for again (a request that read the data before the change renders
  // its version anew).
  const earlier = (await store.list(`${folder}/`)).filter((other) => other !== key);
  await Promise.all(earlier.map((other) => store.remove(other)));
  return bytes;
}

/** Removes every stored version of a document, e.g. when what it renders is deleted. */
export async function removeRenderings(store: ObjectStore, userId: string, document: string) {
  await store.removePrefix(`${userId}/rendered/${document}/`);
}
