import { runCli } from "../src/server/cli.ts";
import { hashPassword } from "../src/server/platform/auth/passwords.ts";
import { openDatabase } from "../src/server/platform/db/client.ts";
import { runMigrations } from "../src/server/platform/db/migrate.ts";
import { users } from "../src/server/platform/db/schema.ts";

/** The admin the browser tests sign in as (e2e/fixtures.ts: ADMIN_USERNAME, PASSWORD). */
export const E2E_ADMIN = { username: "e2e_admin", email: "e2e_admin@example.com", password: "Speaker!2026" };

/**
 * Creates the admin account in the test server's data folder before the server opens it, and makes it an
 * admin through the CLI's own `grant-admin` code path.
 */
export async function seedAdmin(dataDir: string) {
  const database = await openDatabase({ dataDir });
  try {
    await runMigrations(database);
    await database.db.insert(users).values({
      username: E2E_ADMIN.username,
      email: E2E_ADMIN.email,
      passwordHash: await hashPassword(E2E_ADMIN.password),
      emailVerifiedAt: new Date(),
    });
    const code = await runCli(["grant-admin", E2E_ADMIN.username], database.db, {
      info: () => {},
      error: (line) => console.error(line),
    });
    if (code !== 0) throw new Error("could not make the e2e admin");
  } finally {
    await database.close();
  }
}
