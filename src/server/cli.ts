import path from "node:path";
import { pathToFileURL } from "node:url";
import { ConfigError, loadConfig } from "./config.ts";
import { setUserRole } from "./features/admin/set-user-role.ts";
import { BACKUP_COMMANDS, runBackupCommand } from "./platform/backup/backup-commands.ts";
import { openDatabase, type Queryable } from "./platform/db/client.ts";
import { DirectoryLockedError } from "./platform/db/directory-lock.ts";
import { runMigrations } from "./platform/db/migrate.ts";

export type CliOutput = { info: (line: string) => void; error: (line: string) => void };

const usage = `Usage: npm run cli -- <command>

Commands:
  grant-admin <username>    make the user an admin (their e-mail address must be verified)
  revoke-admin <username>   make the admin an ordinary user again
  backup <file>             write one archive of the database and the stored files (the server may run)
  restore <file>            fill an empty DATA_DIR (or an empty database and bucket) from such an archive`;

/** Runs one command against an open database; returns the process exit code. */
export async function runCli(args: string[], db: Queryable, output: CliOutput): Promise<number> {
  const [command, username, ...extra] = args;
  if (command === "help" || command === "--help") {
    output.info(usage);
    return 0;
  }
  if ((command !== "grant-admin" && command !== "revoke-admin") || !username || extra.length > 0) {
    output.error(command ? `Not a command: ${args.join(" ")}\n\n${usage}` : usage);
    return 2;
  }
  const role = command === "grant-admin" ? "admin" : "user";
  const result = await setUserRole(db, username, role);
  if (!result) {
    output.error(`No user named "${username}".`);
    return 1;
  }
  // The address tells the operator whose account this is: anyone could have registered the name.
  const name = `${result.username} (${result.email})`;
  if (result.isRefused) {
    output.error(`${name} has not verified their e-mail address yet; an admin must have.`);
    return 1;
  }
  if (result.previousRole === role) {
    output.info(role === "admin" ? `${name} is already an admin.` : `${name} is not an admin.`);
  } else {
    output.info(role === "admin" ? `${name} is now an admin.` : `${name} is no longer an admin.`);
  }
  return 0;
}

/** Opens the database the way the server does (migrating it first), runs the command and closes it. */
async function main() {
  await import("dotenv/config");
  const config = loadConfig();
  const args = process.argv.slice(2);
  const output: CliOutput = { info: (line) => console.log(line), error: (line) => console.error(line) };
  const [command = "", file, ...extra] = args;
  if (BACKUP_COMMANDS.includes(command)) {
    if (file && extra.length === 0) return runBackupCommand(command, file, config, output);
    output.error(usage);
    return 2;
  }
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: path.resolve(config.DATA_DIR),
  });
  try {
    await runMigrations(database);
    return await runCli(args, database.db, output);
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      const known = error instanceof ConfigError || error instanceof DirectoryLockedError;
      console.error(known ? (error as Error).message : error);
      process.exit(1);
    },
  );
}
