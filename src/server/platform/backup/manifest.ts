import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import type { SqlRunner } from "../db/client.ts";
import { MIGRATIONS_FOLDER } from "../db/migrations-folder.ts";
import { PROJECT_ROOT } from "../project-root.ts";

/** Raised for anything an operator must fix: the message is the whole explanation. */
export class BackupError extends Error {}

export const MANIFEST_NAME = "manifest.json";
/** The database's own dump inside the archive, by engine. */
export const DATABASE_DUMP = { pglite: "database/pgdata.tar", postgres: "database/podium.dump" } as const;
/** Stored files (local folder or bucket) go under `files/<key>`; DATA_DIR's own secrets under `data-dir/`. */
export const FILES_FOLDER = "files";
export const DATA_DIR_FOLDER = "data-dir";

const migrationLevelSchema = z.object({
  /** How many migrations had run, and the journal time of the last (drizzle's `created_at`). */
  applied: z.number().int().min(0),
  lastCreatedAt: z.number().int().nullable(),
});
export type MigrationLevel = z.infer<typeof migrationLevelSchema>;

export const manifestSchema = z.object({
  format: z.literal("podium-backup"),
  formatVersion: z.literal(1),
  podiumVersion: z.string(),
  createdAt: z.iso.datetime(),
  /** Whether an operator asked for it or the schedule made it. */
  kind: z.enum(["manual", "scheduled"]),
  database: z.object({ engine: z.enum(["pglite", "postgres"]), migrations: migrationLevelSchema }),
  files: z.object({ source: z.enum(["local", "s3"]) }),
  /** Every file of the archive but the manifest, with its size and SHA-256 (hex). */
  entries: z.array(
    z.object({
      path: z.string().min(1),
      size: z.number().int().min(0),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
    }),
  ),
});
export type Manifest = z.infer<typeof manifestSchema>;
export type ManifestEntry = Manifest["entries"][number];

export function podiumVersion(): string {
  const pkg = JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, "package.json"), "utf8")) as {
    version: string;
  };
  return pkg.version;
}

/** The migrations a database has run, read from drizzle's own table. */
export async function readMigrationLevel(runSql: SqlRunner): Promise<MigrationLevel> {
  const { rows } = await runSql(
    "select count(*)::int as applied, max(created_at)::bigint as last from drizzle.__drizzle_migrations",
    [],
  );
  const row = rows[0] as { applied: number; last: string | number | null };
  return { applied: row.applied, lastCreatedAt: row.last === null ? null : Number(row.last) };
}

/** Refuses an archive whose database has run migrations this Podium does not have (it was made by a newer one). */
export function checkMigrationLevel(level: MigrationLevel): void {
  const journal = JSON.parse(
    fs.readFileSync(path.join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8"),
  ) as { entries: { when: number }[] };
  const newest = Math.max(...journal.entries.map((entry) => entry.when));
  if (level.applied > journal.entries.length || (level.lastCreatedAt ?? 0) > newest) {
    throw new BackupError(
      `This archive was made by a newer Podium (its database has ${level.applied} migrations, this Podium knows ${journal.entries.length}). Upgrade Podium, then restore.`,
    );
  }
}
