import path from "node:path";
import type { Config } from "../../config.ts";
import { openDatabase } from "../db/client.ts";
import { isInitialised } from "../db/pglite-template.ts";
import { createObjectStore } from "../storage/create-object-store.ts";
import { requestBackupFromServer } from "./backup-socket.ts";
import { createBackup } from "./create-backup.ts";
import { BackupError } from "./manifest.ts";
import { restoreBackup } from "./restore-backup.ts";

export type CommandOutput = { info: (line: string) => void; error: (line: string) => void };

export const BACKUP_COMMANDS = ["backup", "restore"];

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

/**
 * `backup <file>` and `restore <file>` (docs/operations.md, Backups). They do not open the database the
 * way other commands do: a backup of the embedded database is made by the server when one runs, and a
 * restore needs an empty place. Returns the exit code.
 */
export async function runBackupCommand(
  command: string,
  fileArgument: string,
  config: Config,
  output: CommandOutput,
): Promise<number> {
  const file = path.resolve(fileArgument);
  const dataDir = path.resolve(config.DATA_DIR);
  try {
    if (command === "backup") await backUp(file, dataDir, config, output);
    else await restore(file, dataDir, config, output);
    return 0;
  } catch (error) {
    if (!(error instanceof BackupError)) throw error;
    output.error(error.message);
    return 1;
  }
}

async function backUp(file: string, dataDir: string, config: Config, output: CommandOutput) {
  if (!config.DATABASE_URL) {
    const answer = await requestBackupFromServer(dataDir, file);
    if (answer) {
      output.info(
        `Backup written to ${file} by the running server: the database and ${answer.entries - 1} other files, ${megabytes(answer.size)}.`,
      );
      return;
    }
    if (!isInitialised(path.join(dataDir, "db"))) {
      throw new BackupError(`There is no Podium database in ${dataDir} (DATA_DIR) to back up.`);
    }
  }
  // No server runs on the embedded database (or it is PostgreSQL, which any process may read): do it here.
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir });
  try {
    const sources = { database, databaseUrl: config.DATABASE_URL, store: createObjectStore(config), dataDir };
    const manifest = await createBackup(sources, file, { kind: "manual", now: new Date() });
    const size = manifest.entries.reduce((total, entry) => total + entry.size, 0);
    output.info(
      `Backup written to ${file}: the database and ${manifest.entries.length - 1} other files (${megabytes(size)} before compression).`,
    );
  } finally {
    await database.close();
  }
}

async function restore(file: string, dataDir: string, config: Config, output: CommandOutput) {
  const store = createObjectStore(config);
  const database = config.DATABASE_URL ? await openDatabase({ databaseUrl: config.DATABASE_URL }) : null;
  try {
    const postgres =
      database && config.DATABASE_URL ? { database, databaseUrl: config.DATABASE_URL } : undefined;
    const manifest = await restoreBackup(file, { dataDir, store, postgres });
    output.info(
      `Restored ${file} (made ${manifest.createdAt} by Podium ${manifest.podiumVersion}) into ${postgres ? "the database of DATABASE_URL" : dataDir}. Start the server: npm start.`,
    );
  } finally {
    await database?.close();
  }
}
