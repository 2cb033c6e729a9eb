import type { Writable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { pino } from "pino";
import { afterAll } from "vitest";
import { buildApp } from "../server/app.ts";
import { loadConfig } from "../server/config.ts";
import type { WebOptions } from "../server/platform/http/web.ts";
import { createLoggerOptions } from "../server/platform/logger.ts";
import { mailLimitsOf } from "../server/platform/mail/third-party-mail.ts";
import { createTestDatabase } from "./database.ts";
import { createRecordingMailer } from "./mailer.ts";

/** The root secret of every test app (SESSION_SECRET's stand-in); each kind of link derives its own key. */
export const TEST_SECRET = "test-secret-".padEnd(40, "x");

/** Builds the app on a fresh database for this test file; everything is closed after the file's tests. */
export async function createTestApp(env: Record<string, string> = {}) {
  const {
    apps: [app],
    mailers: [mailer],
    ...rest
  } = await createTestApps(1, env);
  return { app: app!, mailer: mailer!, ...rest };
}

/**
 * `count` apps on one fresh database, as several server processes share one PostgreSQL: each has its own
 * caches, change feed and mailer. Everything is closed after the file's tests.
 */
export async function createTestApps(count: number, env: Record<string, string> = {}) {
  const database = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", ...env });
  const mailers = Array.from({ length: count }, () => createRecordingMailer(mailLimitsOf(config)));
  const apps: FastifyInstance[] = [];
  for (const mailer of mailers) {
    const app = await buildApp({ config, database, mailer, secret: TEST_SECRET });
    await app.ready();
    apps.push(app);
  }
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database.close();
  });
  return { apps, db: database.db, database, mailers, config };
}

/**
 * The app with the production logger writing JSON lines to `logStream`, for tests that read the log; not yet
 * ready, so a test may add routes of its own. The caller closes it.
 */
export async function createLoggedTestApp(
  logStream: Writable,
  env: Record<string, string>,
  web?: WebOptions,
) {
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "info", ...env });
  const { transport: _pretty, ...loggerOptions } = createLoggerOptions(config);
  const database = await createTestDatabase();
  const app = await buildApp({
    config,
    database,
    mailer: createRecordingMailer(mailLimitsOf(config)),
    secret: TEST_SECRET,
    logger: pino(loggerOptions, logStream),
    web,
  });
  return { app, database };
}

/**
 * Waits until every process of the app has heard what a periodic task just wrote. A request's write waits for
 * that before it answers (decision 046); a task's does not, so a read reusing a session found a moment before
 * the task could still be answered from the speaker's previous book version.
 */
export function taskHeard(app: FastifyInstance): Promise<void> {
  return app.changeFeed.catchUp();
}
