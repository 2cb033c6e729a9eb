/**
 * Restarts drop nothing (issue 30): 2 processes behind HAProxy on PostgreSQL take a steady stream of event
 * writes and list reads through the load balancer while each process in turn is stopped with SIGTERM (as an
 * orchestrator does), waited for, and started again. Prints the requests sent and failed, and the writes
 * acknowledged and lost (an acknowledged event id missing from the database) or extra (a row nobody was told
 * of, e.g. a write retried after it was done).
 *
 *   npm run bench -- cluster-restarts
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { events } from "../src/server/platform/db/schema.ts";
import { startCluster } from "../src/test/cluster.ts";
import { createSignedInFetchClient, type FetchClient } from "../src/test/fetch-client.ts";

const PROCESSES = 2;
/** Callers writing and reading at once, each one request at a time. */
const CALLERS = 8;
/** Steady traffic before the first restart, between restarts and after the last. */
const PAUSE_MS = 1_000;

export type RestartRun = {
  restarts: { index: number; seconds: number }[];
  sent: number;
  failed: number;
  failures: Record<string, number>;
  acknowledged: number;
  lost: number;
  extra: number;
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function runClusterRestartBenchmark(): Promise<RestartRun> {
  console.log(`cluster-restarts: starting ${PROCESSES} processes behind HAProxy…`);
  const cluster = await startCluster({ processes: PROCESSES, env: { RATE_LIMIT_FACTOR: "1000" } });
  try {
    const { user, client } = await createSignedInFetchClient(cluster.database.db, cluster.url);
    const acknowledged: string[] = [];
    const failures: Record<string, number> = {};
    let sent = 0;
    let running = true;
    const count = (reason: string) => {
      failures[reason] = (failures[reason] ?? 0) + 1;
    };
    const call = async <Answer extends { status: number; text: string }>(
      work: () => Promise<Answer>,
      expected: number,
    ) => {
      sent += 1;
      try {
        const answer = await work();
        // HAProxy's own error pages are HTML; the server's answers are JSON.
        const from = answer.text.startsWith("<html>") ? "the load balancer" : "a process";
        if (answer.status !== expected) count(`HTTP ${answer.status} from ${from}`);
        return answer;
      } catch (error) {
        const cause = (error as { cause?: { code?: string } }).cause?.code ?? String(error);
        count(cause);
        return undefined;
      }
    };
    const caller = async (browser: FetchClient, number: number) => {
      for (let index = 0; running; index++) {
        const created = await call(
          // With an Idempotency-Key, as the web app sends its writes: the load balancer may then retry one that
          // a stopping process turned away (deploy/haproxy.cfg), and a retry never creates the event twice.
          () =>
            browser.post("/api/events", { title: `Talk ${number}.${index}`, date: "2030-06-01" }, undefined, {
              "idempotency-key": randomUUID(),
            }),
          201,
        );
        if (created?.status === 201) acknowledged.push(created.json().id);
        await call(() => browser.get("/api/events?limit=50"), 200);
      }
    };
    const callers = Array.from({ length: CALLERS }, (_, number) => caller(client, number));

    const restarts: RestartRun["restarts"] = [];
    await pause(PAUSE_MS);
    for (let index = 0; index < PROCESSES; index++) {
      const started = performance.now();
      await cluster.restart(index);
      restarts.push({ index, seconds: (performance.now() - started) / 1000 });
      await pause(PAUSE_MS);
    }
    running = false;
    await Promise.all(callers);

    const stored = new Set(
      (
        await cluster.database.db.select({ id: events.id }).from(events).where(eq(events.userId, user.id))
      ).map((row) => row.id),
    );
    const lost = acknowledged.filter((id) => !stored.has(id)).length;
    return {
      restarts,
      sent,
      failed: Object.values(failures).reduce((sum, count) => sum + count, 0),
      failures,
      acknowledged: acknowledged.length,
      lost,
      extra: stored.size - (acknowledged.length - lost),
    };
  } finally {
    await cluster.stop();
  }
}

export function reportClusterRestarts(run: RestartRun): void {
  console.log(
    `\n## Restarts: ${PROCESSES} processes behind HAProxy (checks /api/ready; retries refused connections, and 503s of reads and keyed writes, elsewhere), ` +
      `${CALLERS} callers writing events and reading the list; each process stopped (SIGTERM) and started again in turn`,
  );
  console.log(
    `  restarts: ${run.restarts.map((restart) => `process ${restart.index + 1} ${restart.seconds.toFixed(1)} s`).join(", ")}`,
  );
  const reasons = Object.entries(run.failures)
    .map(([reason, count]) => `${count} ${reason}`)
    .join(", ");
  console.log(`  requests: ${run.sent} sent, ${run.failed} failed${reasons ? ` (${reasons})` : ""}`);
  console.log(
    `  writes: ${run.acknowledged} acknowledged, ${run.lost} lost (acknowledged, not in the database), ` +
      `${run.extra} in the database but never acknowledged`,
  );
  console.log(`  target: 0 failed, 0 lost ${run.failed === 0 && run.lost === 0 ? "✓" : "✗ (target missed)"}`);
}
