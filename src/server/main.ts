import "dotenv/config";
import path from "node:path";
import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { grantConfiguredAdmins } from "./features/admin/grant-configured-admins.ts";
import { contractContext } from "./features/contracts/routes.ts";
import { sweepTasks } from "./features/sweep-tasks.ts";
import { startBackups } from "./platform/backup/start-backups.ts";
import { openDatabase } from "./platform/db/client.ts";
import { DirectoryLockedError } from "./platform/db/directory-lock.ts";
import { runMigrations } from "./platform/db/migrate.ts";
import { closeServerWithin } from "./platform/http/close-server.ts";
import { startSweep } from "./platform/jobs/sweep.ts";
import { createLogger } from "./platform/logger.ts";
import { startMailDelivery } from "./platform/mail/delivery.ts";
import { loadSecret } from "./platform/secret.ts";
import { StartupPhases } from "./platform/startup-phases.ts";
import { rehashStoredLinks } from "./stored-links.ts";

async function main() {
  // Milliseconds since the process started, by phase; logged at debug level once the server listens.
  const phases = new StartupPhases();
  const config = loadConfig();
  const dataDir = path.resolve(config.DATA_DIR);
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir });
  phases.end("openDatabase");
  await runMigrations(database);
  phases.end("migrate");
  const logger = createLogger(config);
  const granted = await grantConfiguredAdmins(database.db, config.ADMIN_USERNAMES);
  if (granted.length > 0) logger.info({ granted }, "ADMIN_USERNAMES: admin role granted");
  const delivery = await startMailDelivery({ config, database, logger: logger.child({ component: "mail" }) });
  phases.end("startMailDelivery");
  const app = await buildApp({
    config,
    database,
    mailer: delivery.mailer,
    secret: loadSecret(config.SESSION_SECRET, dataDir),
    logger,
    // `npm run dev` passes --dev: Vite serves the web app with hot reload. Otherwise the built files, from
    // dist/ or from the folder named by --web-dist= (the browser tests serve a private copy).
    web: process.argv.includes("--dev")
      ? { mode: "vite" }
      : { mode: "built", distDir: process.argv.find((arg) => arg.startsWith("--web-dist="))?.slice(11) },
  });

  const rehashed = await rehashStoredLinks(app.db, app.tokenKeys);
  if (rehashed.length > 0)
    logger.info({ rehashed }, "links stored again under their new keys (decision 037)");
  // The sealing certificate is generated at first start (a few seconds), not at the first completion.
  const contracts = contractContext(app);
  contracts.certificate();
  // The periodic sweep (DESIGN §9): each task takes the clock and records in the database what it did.
  const sweep = startSweep(
    sweepTasks(app, contracts),
    config.SCHEDULER_INTERVAL_SECONDS,
    logger.child({ component: "sweep" }),
  );
  const backups = await startBackups({
    config,
    database,
    store: app.storage,
    dataDir,
    logger: logger.child({ component: "backup" }),
  });

  let closing = false;
  // Draining (DESIGN §11): not ready at once, so the load balancer stops sending; then the requests in flight
  // finish (up to SHUTDOWN_GRACE_SECONDS) while the sweep finishes its task and a backup under way finishes or, at
  // that bound, is abandoned; then mail, then the database.
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.readiness.beginShutdown();
    app.log.info({ signal }, "shutting down: finishing the requests in flight");
    try {
      await Promise.all([
        sweep.stop(),
        backups.stop(config.SHUTDOWN_GRACE_SECONDS * 1000),
        closeServerWithin(app, config.SHUTDOWN_GRACE_SECONDS * 1000),
      ]);
      await delivery.stop();
      await database.close();
    } catch (error) {
      app.log.error({ err: error }, "shutdown failed");
      process.exit(1);
    }
    app.log.info("stopped");
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  phases.end("buildApp");
  await app.listen({ port: config.PORT, host: config.HOST });
  phases.end("listen");
  app.log.debug({ phases: phases.report(), newDatabaseFrom: database.createdFrom }, "start-up phases (ms)");
  app.log.info(`Podium is running at ${config.APP_URL} (database: ${database.kind})`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DirectoryLockedError) {
    console.error(error.message);
  } else {
    console.error("Podium could not start:", error);
  }
  process.exit(1);
});
