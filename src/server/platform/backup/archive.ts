import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import * as tar from "tar";
import { BackupError, MANIFEST_NAME, type Manifest, type ManifestEntry, manifestSchema } from "./manifest.ts";

/** Every regular file under `root`, as archive paths (forward slashes), sorted. */
export async function listFiles(root: string): Promise<string[]> {
  const entries = await fs.promises.readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .sort();
}

async function describeFile(root: string, archivePath: string, signal?: AbortSignal): Promise<ManifestEntry> {
  const hash = createHash("sha256");
  let size = 0;
  // Large reads: the server hashes while it answers requests, and each chunk waits its turn among them.
  for await (const chunk of fs.createReadStream(path.join(root, archivePath), {
    highWaterMark: 4 << 20,
    signal,
  })) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { path: archivePath, size, sha256: hash.digest("hex") };
}

/**
 * Writes the folder `staging` (the database dump and the files) as one gzip-compressed tar at `target`,
 * with a manifest of every file's size and SHA-256. Written under a temporary name and renamed, so that
 * `target` is either absent or complete; readable by its owner only, since it holds every account's data.
 */
export async function writeArchive(
  staging: string,
  manifest: Omit<Manifest, "entries">,
  target: string,
  signal?: AbortSignal,
): Promise<Manifest> {
  const entries: ManifestEntry[] = [];
  for (const archivePath of await listFiles(staging)) {
    entries.push(await describeFile(staging, archivePath, signal));
  }
  const complete: Manifest = { ...manifest, entries };
  await fs.promises.writeFile(path.join(staging, MANIFEST_NAME), `${JSON.stringify(complete, null, 2)}\n`);
  const partial = `${target}.partial-${randomBytes(4).toString("hex")}`;
  signal?.throwIfAborted();
  try {
    const topLevel = await fs.promises.readdir(staging);
    // The manifest first, so that a reader meets it before the data it describes.
    const names = [MANIFEST_NAME, ...topLevel.filter((name) => name !== MANIFEST_NAME).sort()];
    await pipeline(
      tar.c({ gzip: true, cwd: staging, portable: true }, names),
      fs.createWriteStream(partial, { mode: 0o600 }),
      { signal },
    );
    const handle = await fs.promises.open(partial, "r");
    await handle.sync();
    await handle.close();
    await fs.promises.rename(partial, target);
  } finally {
    await fs.promises.rm(partial, { force: true });
  }
  return complete;
}

const PARTIAL_NAME = /\.partial-[0-9a-f]{8}$/;
/** Written continuously while in use: one untouched this long was left by a process that was killed. */
const PARTIAL_STALE_MS = 3_600_000;

/**
 * Removes the archives left half-written in `directory` (`<name>.partial-<8 hex>`, see writeArchive) by a
 * process that was killed; one written to within the last hour may still be in use by another process.
 * Returns the names removed.
 */
export function removeStalePartials(directory: string, now: Date): string[] {
  const stale = fs.readdirSync(directory, { withFileTypes: true }).filter((entry) => {
    if (!entry.isFile() || !PARTIAL_NAME.test(entry.name)) return false;
    const modified = fs.statSync(path.join(directory, entry.name)).mtimeMs;
    return now.getTime() - modified >= PARTIAL_STALE_MS;
  });
  for (const entry of stale) fs.rmSync(path.join(directory, entry.name), { force: true });
  return stale.map((entry) => entry.name);
}

/**
 * Unpacks the archive `file` into the empty folder `into` and checks it whole: only plain files and
 * folders, a manifest, and exactly the files it lists with their sizes and checksums. Anything else
 * (a truncated or altered file, another kind of archive) throws a BackupError naming the archive.
 */
export async function extractVerifiedArchive(file: string, into: string): Promise<Manifest> {
  const refuse = (reason: string) =>
    new BackupError(`${file} is not a complete Podium backup: ${reason}. Nothing was restored.`);
  if (!fs.existsSync(file)) throw new BackupError(`There is no file ${file}.`);
  const foreign: string[] = [];
  // Not `strict`: a strict extraction rejects at the first problem while it still writes files behind the
  // promise. Every warning is collected and the whole read allowed to finish, then any warning refuses.
  const problems: string[] = [];
  try {
    await tar.x({
      file,
      cwd: into,
      onwarn: (_code, message) => problems.push(String(message)),
      filter: (entryPath, entry) => {
        const type = "type" in entry ? entry.type : undefined;
        if (type === "File" || type === "Directory") return true;
        foreign.push(entryPath);
        return false;
      },
    });
  } catch (error) {
    problems.push((error as Error).message);
  }
  if (problems.length > 0) {
    throw refuse(`it cannot be read as a gzip-compressed tar (${problems[0]})`);
  }
  if (foreign.length > 0) throw refuse(`it holds entries other than files and folders (${foreign[0]})`);
  const manifestPath = path.join(into, MANIFEST_NAME);
  if (!fs.existsSync(manifestPath)) throw refuse(`it has no ${MANIFEST_NAME}`);
  let manifest: Manifest;
  try {
    manifest = manifestSchema.parse(JSON.parse(await fs.promises.readFile(manifestPath, "utf8")));
  } catch {
    throw refuse(`its ${MANIFEST_NAME} is not one this Podium reads`);
  }
  const present = (await listFiles(into)).filter((name) => name !== MANIFEST_NAME);
  const listed = new Set(manifest.entries.map((entry) => entry.path));
  const missing = manifest.entries.find((entry) => !present.includes(entry.path));
  if (missing) throw refuse(`${missing.path} is missing`);
  const extra = present.find((name) => !listed.has(name));
  if (extra) throw refuse(`${extra} is not in its manifest`);
  for (const entry of manifest.entries) {
    const actual = await describeFile(into, entry.path);
    if (actual.size !== entry.size || actual.sha256 !== entry.sha256) {
      throw refuse(`${entry.path} does not match its checksum`);
    }
  }
  return manifest;
}
