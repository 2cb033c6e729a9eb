import { afterEach, describe, expect, it } from "vitest";
import { runPgTool } from "./pg-tools.ts";

const path = process.env.PATH;
afterEach(() => {
  process.env.PATH = path;
});

describe("PostgreSQL's client programs", () => {
  it("when pg_dump is not installed, the error says what to install", async () => {
    process.env.PATH = "/nonexistent";
    await expect(
      runPgTool("pg_dump", ["--format=custom"], "postgres://podium:secret@127.0.0.1:1/podium"),
    ).rejects.toThrow(
      "pg_dump was not found: install PostgreSQL's client programs in the major version of the server or newer (Debian or Ubuntu: `apt-get install postgresql-client`; the PostgreSQL image has them), then run the command again.",
    );
  });

  it("a failure carries the program's own message", async () => {
    const failure = runPgTool(
      "pg_dump",
      ["--format=custom"],
      "postgres://podium:s3cret-word@127.0.0.1:1/podium",
    );
    await expect(failure).rejects.toThrow(
      /^pg_dump failed \(exit code 1\): pg_dump: error: connection to server at "127\.0\.0\.1", port 1 failed/,
    );
  });
});
