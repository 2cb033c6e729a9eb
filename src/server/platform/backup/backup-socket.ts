import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { z } from "zod";
import { type BackupSources, backupWorkFolder, createBackup } from "./create-backup.ts";
import { BackupError, type Manifest } from "./manifest.ts";

/**
 * The embedded database belongs to one process, so `npm run cli -- backup` asks the running server for the
 * snapshot through this Unix socket. It lives in DATA_DIR/run (mode 0700) and is never a network port, so
 * only the user the server runs as can ask, as it could read DATA_DIR anyway.
 */
/** What the `npm run cli -- backup` caller is told when the server stops before its backup is written. */
export const SERVER_STOPPED =
  "The server stopped before the backup finished; run the command again once it runs.";

export const backupSocketPath = (dataDir: string) => path.join(dataDir, "run", "backup.sock");

const requestSchema = z.object({ command: z.literal("backup"), file: z.string().min(1) });
const answerSchema = z.union([
  z.object({ isDone: z.literal(true), entries: z.number(), size: z.number() }),
  z.object({ isDone: z.literal(false), error: z.string() }),
]);
type Answer = z.infer<typeof answerSchema>;

function parseRequest(line: string) {
  try {
    return requestSchema.parse(JSON.parse(line));
  } catch {
    return null;
  }
}

export type BackupSocketLogger = {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
};

/**
 * Listens for backup requests (one JSON line each, answered by one JSON line); backups run one at a time.
 * `signal` abandons the one under way and those waiting: each caller is told the server stopped.
 */
export async function serveBackupSocket(
  sources: BackupSources,
  logger: BackupSocketLogger,
  signal: AbortSignal,
) {
  const socketPath = backupSocketPath(sources.dataDir);
  backupWorkFolder(sources.dataDir);
  // A socket left by a process that was killed; the directory lock says no other server uses this folder.
  fs.rmSync(socketPath, { force: true });
  let queue: Promise<unknown> = Promise.resolve();
  const server = net.createServer((connection) => {
    let received = "";
    connection.setEncoding("utf8");
    connection.on("error", () => {});
    connection.on("data", (chunk) => {
      received += chunk;
      if (!received.includes("\n")) return;
      connection.removeAllListeners("data");
      const answer = (value: Answer) => connection.end(`${JSON.stringify(value)}\n`);
      const file = parseRequest(received.split("\n")[0]!)?.file;
      if (!file) return answer({ isDone: false, error: "Not a backup request." });
      const run = queue.then(() => createBackup(sources, file, { kind: "manual", now: new Date(), signal }));
      queue = run.catch(() => {});
      run.then(
        (manifest: Manifest) => {
          logger.info({ file, entries: manifest.entries.length }, "backup written");
          answer({ isDone: true, entries: manifest.entries.length, size: fs.statSync(file).size });
        },
        (error: Error) => {
          logger.error({ err: error, file }, "backup failed");
          answer({ isDone: false, error: error.message });
        },
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, resolve);
  });
  fs.chmodSync(socketPath, 0o600);
  return {
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await queue;
    },
  };
}

/**
 * Asks the server running on `dataDir` to write a backup to `file` (an absolute path). Returns null when
 * no server listens there, so the caller may open the folder itself.
 */
export async function requestBackupFromServer(
  dataDir: string,
  file: string,
): Promise<{ entries: number; size: number } | null> {
  const socketPath = backupSocketPath(dataDir);
  if (!fs.existsSync(socketPath)) return null;
  const connection = net.createConnection(socketPath);
  try {
    await new Promise<void>((resolve, reject) => {
      connection.once("connect", resolve);
      connection.once("error", reject);
    });
  } catch (error) {
    if (["ECONNREFUSED", "ENOENT"].includes((error as NodeJS.ErrnoException).code ?? "")) return null;
    throw error;
  }
  connection.setEncoding("utf8");
  connection.write(`${JSON.stringify({ command: "backup", file })}\n`);
  let received = "";
  for await (const chunk of connection) received += chunk;
  // No answer: the server was killed (or stopped) while it wrote the backup.
  if (!received) throw new BackupError(SERVER_STOPPED);
  const answer = answerSchema.parse(JSON.parse(received));
  if (!answer.isDone) throw new BackupError(answer.error);
  return { entries: answer.entries, size: answer.size };
}
