import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it, vi } from "vitest";
import { findFreePort } from "../../test/smtp.ts";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "podium-process-"));
const started: ChildProcess[] = [];

type Server = { child: ChildProcess; url: string; output: () => string };

/** Runs the real entry point (as `npm start` does, minus the build) on its own port with the embedded database. */
async function startServer(env: Record<string, string> = {}): Promise<Server> {
  const port = await findFreePort();
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "test",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SMTP_URL: "",
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  started.push(child);
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  return { child, url: `http://127.0.0.1:${port}`, output: () => output };
}

async function waitUntilHealthy(server: Server) {
  await vi.waitFor(
    async () => {
      if (server.child.exitCode !== null) throw new Error(`the server exited early:\n${server.output()}`);
      const response = await fetch(`${server.url}/api/health`);
      expect(response.status).toBe(200);
    },
    { timeout: 90_000, interval: 250 },
  );
}

async function exitCodeOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode === null && child.signalCode === null) await once(child, "exit");
  return child.exitCode;
}

/** The headers of a JSON write the way the browser sends it: the CSRF token and its cookie. */
async function writeHeaders(server: Server) {
  const csrf = await fetch(`${server.url}/api/csrf-token`);
  const cookie = csrf.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  return { "content-type": "application/json", "x-csrf-token": csrfToken, cookie };
}

const contactMessage = (name: string) =>
  JSON.stringify({ name, email: "ada@example.com", message: "Hello from another process" });

/** Sends a contact message the way the browser does: CSRF token from its cookie, then the POST. */
async function sendContactMessage(server: Server, name: string) {
  const response = await fetch(`${server.url}/api/contact`, {
    method: "POST",
    headers: await writeHeaders(server),
    body: contactMessage(name),
  });
  expect(response.status).toBe(201);
}

/**
 * A contact message whose body arrives in two parts: `finish` sends the rest. Until then the request is in
 * flight on the server (a slow upload, as from a phone on a train).
 */
async function startSlowContactMessage(server: Server, name: string) {
  const body = contactMessage(name);
  const request = http.request(`${server.url}/api/contact`, {
    method: "POST",
    headers: { ...(await writeHeaders(server)), "content-length": Buffer.byteLength(body) },
  });
  const answer = new Promise<{ status: number } | { error: string }>((resolve) => {
    request.on("response", (response) => {
      response.resume();
      response.on("end", () => resolve({ status: response.statusCode ?? 0 }));
    });
    request.on("error", (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
  });
  request.write(body.slice(0, 10));
  request.flushHeaders();
  return { answer, finish: () => request.end(body.slice(10)) };
}

async function readMailbox(server: Server) {
  const response = await fetch(`${server.url}/dev/mailbox.json`);
  return ((await response.json()) as { messages: { subject: string; status: string }[] }).messages;
}

afterAll(async () => {
  for (const child of started)
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("the server process", () => {
  it("delivers mail through the queue, refuses a second process on the same data, stops cleanly on SIGTERM and keeps its data", async () => {
    const first = await startServer();
    await waitUntilHealthy(first);

    await sendContactMessage(first, "Ada Lovelace");
    // The real pg-boss worker on the embedded database hands it to the development mailbox.
    await vi.waitFor(
      async () =>
        expect(await readMailbox(first)).toContainEqual(
          expect.objectContaining({ subject: "Contact message from Ada Lovelace", status: "sent" }),
        ),
      { timeout: 30_000, interval: 250 },
    );

    const second = await startServer();
    expect(await exitCodeOf(second.child)).toBe(1);
    expect(second.output()).toContain(`The embedded database in ${dataDir} is already in use by process`);

    first.child.kill("SIGTERM");
    expect(await exitCodeOf(first.child)).toBe(0);
    expect(fs.existsSync(path.join(dataDir, "podium.lock"))).toBe(false);

    const third = await startServer();
    await waitUntilHealthy(third);
    expect(await readMailbox(third)).toContainEqual(
      expect.objectContaining({ subject: "Contact message from Ada Lovelace", status: "sent" }),
    );
    third.child.kill("SIGTERM");
    expect(await exitCodeOf(third.child)).toBe(0);
  }, 300_000);

  it("drains on SIGTERM: a request in flight completes, new connections are turned away, a stuck one is cut at the bound, and it exits 0", async () => {
    const server = await startServer({ SHUTDOWN_GRACE_SECONDS: "4" });
    await waitUntilHealthy(server);
    expect((await fetch(`${server.url}/api/ready`)).status).toBe(200);
    const slow = await startSlowContactMessage(server, "Grace Hopper");
    const stuck = await startSlowContactMessage(server, "Never Finished");
    // Let both requests reach the server before the signal.
    await new Promise((resolve) => setTimeout(resolve, 300));

    server.child.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 300));
    const newcomer = await fetch(`${server.url}/api/ready`).then(
      (response) => response.status,
      () => "refused",
    );
    expect([503, "refused"]).toContain(newcomer);
    expect(server.child.exitCode).toBeNull();

    slow.finish();
    expect(await slow.answer).toEqual({ status: 201 });
    // The stuck request never sends the rest of its body: the bound cuts its connection and the process exits.
    expect(await stuck.answer).toEqual({ error: "ECONNRESET" });
    expect(await exitCodeOf(server.child)).toBe(0);
    expect(server.output()).not.toMatch(/shutdown failed/);
  }, 300_000);
});
