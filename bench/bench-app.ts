import { eq } from "drizzle-orm";
import { buildApp } from "../src/server/app.ts";
import { loadConfig } from "../src/server/config.ts";
import { cookieNames } from "../src/server/platform/auth/plugin.ts";
import { createSession } from "../src/server/platform/auth/sessions.ts";
import type { DatabaseHandle } from "../src/server/platform/db/client.ts";
import { users } from "../src/server/platform/db/schema.ts";
import { createLogger } from "../src/server/platform/logger.ts";
import { createOutboxMailer } from "../src/server/platform/mail/mailer.ts";
import { mailLimitsOf } from "../src/server/platform/mail/third-party-mail.ts";

const BENCH_SECRET = "bench-session-secret-".padEnd(48, "x");

/**
 * The application as production runs it (NODE_ENV=production, LOG_LEVEL=warn), without the web pages and
 * mail delivery, plus a session cookie for the speaker named `username`.
 */
export async function buildBenchApp(database: DatabaseHandle, username: string) {
  const config = loadConfig({
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    SESSION_SECRET: BENCH_SECRET,
  });
  const app = await buildApp({
    config,
    database,
    mailer: createOutboxMailer(mailLimitsOf(config), async () => {}),
    secret: BENCH_SECRET,
    logger: createLogger(config),
  });
  const [user] = await database.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  if (!user) throw new Error(`No speaker named ${username}: seed first`);
  const userId = user.id;
  const { token } = await createSession(database.db, { userId });
  return { app, userId, cookie: `${cookieNames(config.isHttps).session}=${token}` };
}
