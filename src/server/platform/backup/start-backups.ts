import path from "node:path";
import type { Config } from "../../config.ts";
import type { DatabaseHandle } from "../db/client.ts";
import type { ObjectStore } from "../storage/object-store.ts";
import { SERVER_STOPPED, serveBackupSocket } from "./backup-socket.ts";
import { removeStaleStaging } from "./create-backup.ts";
import { BackupError } from "./manifest.ts";
import { type ScheduledBackupLogger, startScheduledBackups } from "./scheduled-backups.ts";

/**
 * What the running server does for backups: on the embedded database it answers `npm run cli -- backup`
 * (only it may read the folder), and with BACKUP_DIR set it writes the scheduled archives.
 */
export async function startBackups(options: {
  config: Config;
  database: DatabaseHandle;
  store: ObjectStore;
  dataDir: string;
  logger: ScheduledBackupLogger & { error(details: object, message: string): void };
}) {
  const { config, database, store, dataDir, logger } = options;
  const sources = { database, databaseUrl: config.DATABASE_URL, store, dataDir };
  const removed = removeStaleStaging(dataDir);
  if (removed.length > 0)
    logger.info({ removed }, "removed the work folders of backups a stopped process left");
  const abandon = new AbortController();
  // Without the socket the server still serves; `npm run cli -- backup` then says the folder is in use.
  const socket =
    database.kind === "pglite"
      ? await serveBackupSocket(sources, logger, abandon.signal).catch((error: unknown) => {
          logger.warn({ err: error }, "backups cannot be asked of this server (no socket in DATA_DIR/run)");
          return null;
        })
      : null;
  const schedule = config.BACKUP_DIR
    ? startScheduledBackups(
        sources,
        {
          directory: path.resolve(config.BACKUP_DIR),
          intervalHours: config.BACKUP_INTERVAL_HOURS,
          keep: config.BACKUP_KEEP,
        },
        logger,
        abandon.signal,
      )
    : null;
  return {
    /**
     * Waits up to `graceMs` for a backup under way, then abandons it: its staging folder and partial
     * archive are removed, and a `npm run cli -- backup` caller is told the server stopped.
     */
    stop: async (graceMs: number) => {
      const timer = setTimeout(() => abandon.abort(new BackupError(SERVER_STOPPED)), graceMs);
      try {
        await schedule?.stop();
        await socket?.close();
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
