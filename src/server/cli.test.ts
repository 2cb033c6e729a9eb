import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../test/database.ts";
import { createUser } from "../test/factories.ts";
import { type CliOutput, runCli } from "./cli.ts";
import { users } from "./platform/db/schema.ts";

const database = await createTestDatabase();
const { db } = database;
afterAll(() => database.close());

function recordOutput() {
  const lines = { info: [] as string[], error: [] as string[] };
  const output: CliOutput = {
    info: (line) => lines.info.push(line),
    error: (line) => lines.error.push(line),
  };
  return { lines, output };
}

async function roleOf(id: string) {
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, id));
  return row!.role;
}

describe("npm run cli", () => {
  it("grant-admin makes a user an admin, found by username in any case", async () => {
    const user = await createUser(db, { username: "Grace_Hopper", email: "grace@example.com" });
    const { lines, output } = recordOutput();
    expect(await runCli(["grant-admin", "grace_hopper"], db, output)).toBe(0);
    expect(lines.info).toEqual(["Grace_Hopper (grace@example.com) is now an admin."]);
    expect(await roleOf(user.id)).toBe("admin");

    const again = recordOutput();
    expect(await runCli(["grant-admin", "Grace_Hopper"], db, again.output)).toBe(0);
    expect(again.lines.info).toEqual(["Grace_Hopper (grace@example.com) is already an admin."]);
  });

  it("revoke-admin makes an admin an ordinary user", async () => {
    const user = await createUser(db, { role: "admin" });
    const { lines, output } = recordOutput();
    expect(await runCli(["revoke-admin", user.username], db, output)).toBe(0);
    expect(lines.info).toEqual([`${user.username} (${user.email}) is no longer an admin.`]);
    expect(await roleOf(user.id)).toBe("user");

    const again = recordOutput();
    expect(await runCli(["revoke-admin", user.username], db, again.output)).toBe(0);
    expect(again.lines.info).toEqual([`${user.username} (${user.email}) is not an admin.`]);
  });

  it("refuses to make an admin of an account whose e-mail is not verified", async () => {
    const user = await createUser(db, {
      username: "squatter",
      email: "sq@example.com",
      emailVerifiedAt: null,
    });
    const { lines, output } = recordOutput();
    expect(await runCli(["grant-admin", "squatter"], db, output)).toBe(1);
    expect(lines.error).toEqual([
      "squatter (sq@example.com) has not verified their e-mail address yet; an admin must have.",
    ]);
    expect(await roleOf(user.id)).toBe("user");
  });

  it("fails with exit code 1 for an unknown username", async () => {
    const { lines, output } = recordOutput();
    expect(await runCli(["grant-admin", "nobody_by_that_name"], db, output)).toBe(1);
    expect(lines.error).toEqual(['No user named "nobody_by_that_name".']);
  });

  it("fails with exit code 2 and the usage for a wrong command", async () => {
    for (const args of [[], ["promote", "alice"], ["grant-admin"], ["grant-admin", "a", "b"]]) {
      const { lines, output } = recordOutput();
      expect(await runCli(args, db, output)).toBe(2);
      expect(lines.error.join("\n")).toContain("Usage: npm run cli -- <command>");
    }
  });

  it("prints the usage on help", async () => {
    const { lines, output } = recordOutput();
    expect(await runCli(["help"], db, output)).toBe(0);
    expect(lines.info.join("\n")).toContain("grant-admin <username>");
  });
});
