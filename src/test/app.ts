import { afterAll } from "vitest";
import { buildApp } from "../server/app.ts";
import { loadConfig } from "../server/config.ts";
import { mailLimitsOf } from "../server/platform/mail/third-party-mail.ts";
import { createTestDatabase } from "./database.ts";
import { createRecordingMailer } from "./mailer.ts";

/** The root secret of every test app (SESSION_SECRET's stand-in); each kind of link derives its own key. */
export const TEST_SECRET = "test-secret-".padEnd(40, "x");

/** Builds the app on a fresh database for this test file; everything is closed after the file's tests. */
export async function createTestApp(env: Record<string, string> = {}) {
  const database = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", ...env });
  const mailer = createRecordingMailer(mailLimitsOf(config));
  const app = await buildApp({ config, database, mailer, secret: TEST_SECRET });
  await app.ready();
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  return { app, db: database.db, database, mailer, config };
}
