import { spawn } from "node:child_process";
import { BackupError } from "./manifest.ts";

const INSTALL_HINT =
  "install PostgreSQL's client programs in the major version of the server or newer " +
  "(Debian or Ubuntu: `apt-get install postgresql-client`; the PostgreSQL image has them), then run the command again";

/**
 * Runs pg_dump or pg_restore against `databaseUrl`. The password goes in PGPASSWORD rather than on the
 * command line, where any user of the machine could read it in the process list.
 */
export async function runPgTool(
  program: "pg_dump" | "pg_restore",
  args: string[],
  databaseUrl: string,
  signal?: AbortSignal,
): Promise<void> {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = "";
  const child = spawn(program, [...args, `--dbname=${url.toString()}`], {
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
    stdio: ["ignore", "ignore", "pipe"],
    ...(signal ? { signal } : {}),
  });
  let errors = "";
  child.stderr.on("data", (chunk) => (errors += chunk));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", resolve);
  }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") throw new BackupError(`${program} was not found: ${INSTALL_HINT}.`);
    throw error;
  });
  if (code !== 0) {
    throw new BackupError(`${program} failed (exit code ${code}): ${errors.trim() || "no message"}`);
  }
}
