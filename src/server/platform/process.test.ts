import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import {
  contactMessage,
  exitCodeOf,
  type ServerProcess,
  sendContactMessage,
  startServer as startServerOn,
  waitUntilHealthy,
  writeHeaders,
} from "../../test/server-process.ts";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "podium-process-"));
const startServer = (env: Record<string, string> = {}) => startServerOn(dataDir, env);

/**
 * A contact message whose body arrives in two parts: `finish` sends the rest. Until then the request is in
 * flight on the server (a slow upload, as from a phone on a train).
 */
async function startSlowContactMessage(server: ServerProcess, name: string) {
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

async function readMailbox(server: ServerProcess) {
  const response = await fetch(`${server.url}/dev/mailbox.json`);
  return ((await response.json()) as { messages: { subject: string; status: string }[] }).messages;
}

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

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
