import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import {
  exitCodeOf,
  type ServerProcess,
  sendContactMessage,
  startServer as startServerOn,
  waitUntilHealthy,
} from "../../test/server-process.ts";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "podium-process-"));
const startServer = () => startServerOn(dataDir);

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
});
