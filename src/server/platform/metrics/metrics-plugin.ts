import { createHash, timingSafeEqual } from "node:crypto";
import fp from "fastify-plugin";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { requestKind } from "../http/request-kind.ts";
import { PROCESS_METRICS } from "./process-metrics.ts";

/** The label of a request no route matched: its path is whatever the caller typed, tokens included. */
export const UNMATCHED_ROUTE = "(unmatched)";

const sha256 = (text: string) => createHash("sha256").update(text).digest();

/**
 * `GET /metrics` in the Prometheus text format, for whoever holds METRICS_TOKEN (as `Authorization: Bearer …`);
 * without the setting there is no such route. Each app has its own registry; requests are labelled by the
 * route's pattern (`/s/:token`), never by their path.
 */
export const metricsPlugin = fp(async (app) => {
  const token = app.config.METRICS_TOKEN;
  if (!token) return;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  for (const metric of PROCESS_METRICS) registry.registerMetric(metric);

  const labelNames = ["method", "route", "status"] as const;
  const requests = new Counter({
    name: "podium_http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status",
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: "podium_http_request_duration_seconds",
    help: "Time from a request's arrival to the end of its answer, by method, route pattern and status",
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const poolUse = app.database.poolUse;
  if (poolUse) {
    new Gauge({
      name: "podium_db_pool_clients",
      help: "PostgreSQL pool clients: total open, idle, and requests waiting for one",
      labelNames: ["state"] as const,
      registers: [registry],
      collect() {
        const use = poolUse();
        this.set({ state: "total" }, use.total);
        this.set({ state: "idle" }, use.idle);
        this.set({ state: "waiting" }, use.waiting);
      },
    });
  }

  app.addHook("onResponse", async (request, reply) => {
    const labels = {
      method: request.method,
      route: requestKind(request).route ?? UNMATCHED_ROUTE,
      status: String(reply.statusCode),
    };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });

  // Compared as hashes: equal lengths, so timingSafeEqual tells nothing about the token's length either.
  const expected = sha256(`Bearer ${token}`);
  app.get("/metrics", { schema: { hide: true }, config: { isProbe: true } }, async (request, reply) => {
    const given = sha256(request.headers.authorization ?? "");
    if (!timingSafeEqual(given, expected)) {
      return reply
        .status(401)
        .header("www-authenticate", "Bearer")
        .send({ error: "The metrics need the token METRICS_TOKEN names (Authorization: Bearer …)." });
    }
    return reply
      .header("content-type", registry.contentType)
      .header("cache-control", "no-store")
      .send(await registry.metrics());
  });
});
