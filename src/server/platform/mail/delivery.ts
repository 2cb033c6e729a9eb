import { and, asc, eq, sql } from "drizzle-orm";
import PgBoss from "pg-boss";
import type { Config } from "../../config.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { emailOutbox } from "../db/schema.ts";
import { createLogger } from "../logger.ts";
import { mailMessages } from "../metrics/process-metrics.ts";
import { deliverOutboxMessage } from "./deliver-outbox-message.ts";
import { createOutboxMailer, type Mailer } from "./mailer.ts";
import { mailLimitsOf } from "./third-party-mail.ts";
import { createMailTransport, type MailLogger } from "./transport.ts";

export const MAIL_QUEUE = "email-delivery";
const QUEUE_SCHEMA = "pgboss";
/** Longest an attempt may stay active before pg-boss's maintenance counts it failed (SMTP timeouts fit). */
const ATTEMPT_EXPIRY_SECONDS = 120;
const SWEEP_INTERVAL_MS = 60_000;
const SWEEP_BATCH = 200;
/** How long stop() waits for a message being sent right now. */
const STOP_TIMEOUT_MS = 15_000;

export type MailDeliveryOptions = {
  config: Config;
  database: DatabaseHandle;
  /** Defaults to the process logger of platform/logger.ts. */
  logger?: MailLogger;
  /**
   * How often the worker looks for jobs that became due (retries). New mail does not wait for it:
   * dispatch wakes the worker at once. Kept modest because PGlite has a single connection.
   */
  pollingIntervalSeconds?: number;
};

export type MailDelivery = { mailer: Mailer; stop: () => Promise<void> };

type DeliveryJob = { outboxId: string };

/**
 * Delivers the outbox (decision 003) with pg-boss on the application's own database: one job per outbox
 * row (job id = outbox id, so a row never has two jobs), retried with exponential back-off; a sweep at
 * start-up and every minute dispatches queued rows that have no job, e.g. after a crash between a
 * commit and its dispatch.
 */
export async function startMailDelivery(options: MailDeliveryOptions): Promise<MailDelivery> {
  const { config, database } = options;
  const logger = options.logger ?? createLogger(config).child({ component: "mail" });
  const connection = createQueueConnection(database);
  const transport = createMailTransport(config, logger);
  // pg-boss's cron (schedule) would poll the database every few seconds; the sweep is a plain timer instead.
  const boss = new PgBoss({ db: connection, schema: QUEUE_SCHEMA, schedule: false, supervise: true });
  boss.on("error", (error) => logger.error({ err: error }, "mail queue error"));
  await boss.start();
  await boss.createQueue(MAIL_QUEUE, { name: MAIL_QUEUE, policy: "standard" });

  const jobOptions = {
    retryLimit: config.MAIL_RETRY_LIMIT,
    retryDelay: config.MAIL_RETRY_DELAY_SECONDS,
    retryBackoff: true,
    expireInSeconds: ATTEMPT_EXPIRY_SECONDS,
  };
  let isStopping = false;
  let workerId: string | undefined;

  async function dispatch(outboxIds: string[]) {
    for (const outboxId of outboxIds) {
      try {
        // An id that already has a job is ignored (ON CONFLICT DO NOTHING), so dispatching twice is harmless.
        await boss.send(MAIL_QUEUE, { outboxId } satisfies DeliveryJob, { ...jobOptions, id: outboxId });
      } catch (error) {
        logger.warn({ err: error, outboxId }, "could not queue an e-mail; the outbox sweep will retry");
      }
    }
    if (workerId && outboxIds.length > 0) boss.notifyWorker(workerId);
  }

  workerId = await boss.work<DeliveryJob>(
    MAIL_QUEUE,
    { includeMetadata: true, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 5 },
    async ([job]) => {
      if (!job) return;
      // A job fetched while stopping is left for the next start rather than sent half-way through shutdown.
      if (isStopping) throw new Error("mail delivery is stopping");
      const isFinalAttempt = job.retryCount >= job.retryLimit;
      try {
        const outcome = await deliverOutboxMessage(database.db, transport, job.data.outboxId, {
          isFinalAttempt,
        });
        if (outcome === "sent") mailMessages.inc({ outcome: "sent" });
      } catch (error) {
        const details = { err: error, outboxId: job.data.outboxId, attempt: job.retryCount + 1 };
        if (isFinalAttempt) {
          mailMessages.inc({ outcome: "failed" });
          logger.error(details, "e-mail delivery failed for good");
        } else logger.warn(details, "e-mail delivery failed; it will be retried");
        throw error;
      } finally {
        // Look for the next message right away instead of after the polling interval.
        if (workerId && !isStopping) boss.notifyWorker(workerId);
      }
    },
  );

  async function dispatchOrphans() {
    try {
      const rows = await database.db
        .select({ id: emailOutbox.id })
        .from(emailOutbox)
        .where(
          and(
            eq(emailOutbox.status, "queued"),
            sql`not exists (select 1 from ${sql.raw(QUEUE_SCHEMA)}.job j where j.name = ${MAIL_QUEUE} and j.id = ${emailOutbox.id} and j.state < 'completed')`,
          ),
        )
        .orderBy(asc(emailOutbox.createdAt))
        .limit(SWEEP_BATCH);
      const ids = rows.map((row) => row.id);
      if (ids.length === 0) return;
      // A finished job keeps its id: a row queued again by hand, or one whose last attempt died with the process.
      await boss.deleteJob(MAIL_QUEUE, ids);
      await dispatch(ids);
    } catch (error) {
      logger.warn({ err: error }, "the outbox sweep failed; it runs again in a minute");
    }
  }

  let sweeping = dispatchOrphans();
  await sweeping;
  const sweepTimer = setInterval(() => {
    sweeping = dispatchOrphans();
  }, SWEEP_INTERVAL_MS);
  sweepTimer.unref();

  return {
    mailer: createOutboxMailer(mailLimitsOf(config), (outboxIds) => {
      mailMessages.inc({ outcome: "queued" }, outboxIds.length);
      return dispatch(outboxIds);
    }),
    stop: async () => {
      if (isStopping) return;
      isStopping = true;
      clearInterval(sweepTimer);
      await sweeping;
      await boss.stop({ graceful: true, wait: true, timeout: STOP_TIMEOUT_MS });
      await connection.close();
      transport.close();
    },
  };
}

/**
 * pg-boss's database access through ours (PGlite takes its multi-statement SQL through `exec`). pg-boss
 * finishes some bookkeeping without awaiting it, so the queries in flight are counted: close() waits
 * for them, and drops the ones that come after (a job left active is expired and retried by maintenance).
 */
function createQueueConnection(database: DatabaseHandle) {
  const inFlight = new Set<Promise<unknown>>();
  let isClosed = false;
  return {
    executeSql(text: string, values?: unknown[]) {
      if (isClosed) return Promise.resolve({ rows: [] });
      const query = database.runSql(text, values);
      inFlight.add(query);
      query.finally(() => inFlight.delete(query)).catch(() => {});
      return query;
    },
    async close() {
      isClosed = true;
      await Promise.allSettled([...inFlight]);
    },
  };
}
