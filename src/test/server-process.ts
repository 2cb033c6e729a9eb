import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { afterAll, expect, vi } from "vitest";
import { findFreePort } from "./smtp.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const started: ChildProcess[] = [];
afterAll(() => {
  for (const child of started)
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});

export type ServerProcess = { child: ChildProcess; url: string; output: () => string };

/** The variables of a child server or command on the embedded database in `dataDir`, mail to the mailbox. */
export const childEnv = (dataDir: string, extra: Record<string, string> = {}) => ({
  ...process.env,
  NODE_ENV: "test",
  HOST: "127.0.0.1",
  DATA_DIR: dataDir,
  DATABASE_URL: "",
  SMTP_URL: "",
  LOG_LEVEL: "warn",
  ...extra,
});

/** Runs one of the project's entry points (TypeScript, through tsx) in a child process; killed after the file. */
export function spawnEntryPoint(script: string, args: string[], env: NodeJS.ProcessEnv): ServerProcess {
  const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  started.push(child);
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  return { child, url: "", output: () => output };
}

/** Runs the real server (as `npm start` does, minus the build) on its own port with the embedded database. */
export async function startServer(
  dataDir: string,
  extra: Record<string, string> = {},
): Promise<ServerProcess> {
  const port = await findFreePort();
  const server = spawnEntryPoint(
    "src/server/main.ts",
    [],
    childEnv(dataDir, { PORT: String(port), ...extra }),
  );
  return { ...server, url: `http://127.0.0.1:${port}` };
}

export async function waitUntilHealthy(server: ServerProcess) {
  await vi.waitFor(
    async () => {
      if (server.child.exitCode !== null) throw new Error(`the server exited early:\n${server.output()}`);
      const response = await fetch(`${server.url}/api/health`);
      expect(response.status).toBe(200);
    },
    { timeout: 90_000, interval: 250 },
  );
}

export async function exitCodeOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode === null && child.signalCode === null) await once(child, "exit");
  return child.exitCode;
}

/** The headers of a JSON write the way the browser sends it: the CSRF token and its cookie. */
export async function writeHeaders(server: ServerProcess) {
  const csrf = await fetch(`${server.url}/api/csrf-token`);
  const cookie = csrf.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  return { "content-type": "application/json", "x-csrf-token": csrfToken, cookie };
}

export const contactMessage = (name: string) =>
  JSON.stringify({ name, email: "ada@example.com", message: "Hello from another process" });

/** Sends a contact message the way the browser does: CSRF token from its cookie, then the POST. */
export async function sendContactMessage(server: ServerProcess, name: string) {
  const response = await fetch(`${server.url}/api/contact`, {
    method: "POST",
    headers: await writeHeaders(server),
    body: contactMessage(name),
  });
  expect(response.status).toBe(201);
}
