import { describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/app.ts";
import { createClient } from "../../../test/client.ts";
import { createUser, signIn } from "../../../test/factories.ts";
import { startSweep } from "../jobs/sweep.ts";

const METRICS_TOKEN = "metrics-token-for-the-tests";
const { app, db } = await createTestApp({ METRICS_TOKEN });
const { app: appWithoutMetrics } = await createTestApp();

const scrape = (authorization?: string) =>
  app.inject({ method: "GET", url: "/metrics", headers: authorization ? { authorization } : {} });

describe("GET /metrics", () => {
  it("refuses a scrape without the token or with another one", async () => {
    for (const authorization of [undefined, "Bearer wrong-token", `Basic ${METRICS_TOKEN}`, METRICS_TOKEN]) {
      const response = await scrape(authorization);
      expect(response.statusCode).toBe(401);
      expect(response.body).not.toContain("podium_http_requests_total");
    }
  });

  it("is no route at all when METRICS_TOKEN is unset", async () => {
    const response = await appWithoutMetrics.inject({
      method: "GET",
      url: "/metrics",
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: "No such endpoint: GET /metrics" });
  });

  it("serves the Prometheus text format: requests, latency, process, event loop, caches, sweep and mail", async () => {
    await app.inject({ method: "GET", url: "/api/health" });
    const speaker = createClient(app);
    await signIn(speaker, db, await createUser(db));
    await speaker.get("/api/events");
    await startSweep([{ name: "metrics-test-task", run: async () => {} }], 3600, console).stop();

    const response = await scrape(`Bearer ${METRICS_TOKEN}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers["cache-control"]).toBe("no-store");
    const text = response.body;
    expect(text).toContain("# TYPE podium_http_requests_total counter");
    expect(text).toMatch(/podium_http_requests_total\{method="GET",route="\/api\/health",status="200"\} \d+/);
    expect(text).toContain("# TYPE podium_http_request_duration_seconds histogram");
    expect(text).toMatch(
      /podium_http_request_duration_seconds_bucket\{le="0.1",method="GET",route="\/api\/health"/,
    );
    expect(text).toContain("process_resident_memory_bytes");
    expect(text).toContain("nodejs_eventloop_lag_p99_seconds");
    expect(text).toMatch(/podium_sweep_runs_total\{task="metrics-test-task",outcome="ok"\} 1/);
    expect(text).toContain('podium_sweep_duration_seconds_count{task="metrics-test-task"} 1');
    expect(text).toContain("# TYPE podium_mail_messages_total counter");
    expect(text).toMatch(/podium_cache_reads_total\{cache="session",result="miss"\} [1-9]/);
    expect(text).toMatch(/podium_cache_reads_total\{cache="book",result="miss"\} [1-9]/);
    if (app.database.kind === "postgres") expect(text).toMatch(/podium_db_pool_clients\{state="total"\} \d+/);
  });

  it("labels requests by their route's pattern, never by a path holding a token", async () => {
    const token = "secret-invoice-token-0123456789";
    expect((await app.inject({ method: "GET", url: `/api/public/invoices/${token}` })).statusCode).toBe(404);
    await app.inject({ method: "GET", url: `/no/such/page/${token}` });

    const text = (await scrape(`Bearer ${METRICS_TOKEN}`)).body;
    expect(text).toContain('route="/api/public/invoices/:token",status="404"');
    expect(text).toContain('route="(unmatched)",status="404"');
    expect(text).not.toContain(token);
  });
});
