import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  childEnv,
  exitCodeOf,
  sendContactMessage,
  spawnEntryPoint,
  startServer,
  waitUntilHealthy,
} from "../../../test/server-process.ts";
import { openDatabase } from "../db/client.ts";

const work = fs.mkdtempSync(path.join(os.tmpdir(), "podium-backup-process-"));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** `npm run cli -- <args>` in its own process, on the embedded database in `dataDir`. */
async function runCli(dataDir: string, args: string[]) {
  const command = spawnEntryPoint("src/server/cli.ts", args, childEnv(dataDir));
  return { code: await exitCodeOf(command.child), output: command.output() };
}

async function contactNames(dataDir: string): Promise<Set<string>> {
  const database = await openDatabase({ dataDir });
  try {
    const { rows } = await database.runSql("select name from contact_messages", []);
    return new Set((rows as { name: string }[]).map((row) => row.name));
  } finally {
    await database.close();
  }
}

describe("npm run cli -- backup beside a running server on the embedded database", () => {
  it("asks the server for the snapshot while it takes writes, or opens the folder itself when none runs; the restored folder holds every write acknowledged before, and a server starts on it", async () => {
    const dataDir = path.join(work, "live");
    const server = await startServer(dataDir, { RATE_LIMIT_FACTOR: "1000" });
    await waitUntilHealthy(server);

    const acknowledged: string[] = [];
    let isWriting = true;
    const writes = (async () => {
      for (let index = 0; isWriting; index++) {
        await sendContactMessage(server, `Visitor ${index}`);
        acknowledged.push(`Visitor ${index}`);
      }
    })();
    while (acknowledged.length < 5) await new Promise((resolve) => setTimeout(resolve, 10));
    const before = [...acknowledged];
    const archive = path.join(work, "live.tar.gz");
    const backup = await runCli(dataDir, ["backup", archive]);
    const during = acknowledged.length - before.length;
    isWriting = false;
    await writes;
    expect(backup.output).toContain(`Backup written to ${archive} by the running server`);
    expect(backup.code).toBe(0);
    expect(during).toBeGreaterThan(0);

    const restoredDir = path.join(work, "restored");
    const restore = await runCli(restoredDir, ["restore", archive]);
    expect(restore.output).toContain(`Restored ${archive}`);
    expect(restore.code).toBe(0);
    const restored = await contactNames(restoredDir);
    expect(before.filter((name) => !restored.has(name))).toEqual([]);
    expect([...restored].filter((name) => !acknowledged.includes(name))).toEqual([]);

    const again = await runCli(restoredDir, ["restore", archive]);
    expect(again.output).toContain(`DATA_DIR ${restoredDir} is not empty`);
    expect(again.code).toBe(1);

    server.child.kill("SIGTERM");
    expect(await exitCodeOf(server.child)).toBe(0);
    // With no server running the command opens the folder itself.
    const offline = await runCli(dataDir, ["backup", path.join(work, "offline.tar.gz")]);
    expect(offline.output).toMatch(/^Backup written to .*offline\.tar\.gz: the database and/);
    expect(offline.code).toBe(0);
    const onRestored = await startServer(restoredDir);
    await waitUntilHealthy(onRestored);
    onRestored.child.kill("SIGTERM");
    expect(await exitCodeOf(onRestored.child)).toBe(0);
  }, 300_000);
});
