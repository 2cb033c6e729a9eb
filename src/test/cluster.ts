/**
 * Podium as it runs on several machines, on this one: N real server processes (`src/server/main.ts`, started
 * from the source with tsx, so no build is needed) on one fresh PostgreSQL database and one S3-compatible
 * store (s3rver), mail to a local SMTP server, billing to the local Stripe stand-in, and HAProxy in front
 * (round-robin, no stickiness, health-checked). Used by the cluster tests and by the multi-process bench.
 * `stop()` ends every process, drops the database and removes the temporary folders, also after a failed
 * start.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { openDatabase } from "../server/platform/db/client.ts";
import { runMigrations } from "../server/platform/db/migrate.ts";
import { PROJECT_ROOT } from "../server/platform/project-root.ts";
import { createServerDatabase } from "./database.ts";
import { createSmtpServer, findFreePort } from "./smtp.ts";
import { startStripeServer, type WebhookTarget } from "./stripe-server.ts";

/** deploy/haproxy.cfg's rule too: no write is sent again unless the server can tell it is the same one. */
export const WRITE_RETRY_RULE =
  "http-request disable-l7-retry if !METH_GET !{ req.hdr(idempotency-key) -m found }";
export const CLUSTER_WEBHOOK_SECRET = "whsec_cluster_podium";
const S3_BUCKET = "podium-cluster";
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;

export type ClusterOptions = {
  processes: number;
  /** Extra environment of every server process (e.g. SCHEDULER_INTERVAL_SECONDS). */
  env?: Record<string, string>;
  /** PostgreSQL server to create the fresh database on; DATABASE_URL, else the local server. */
  serverUrl?: string;
};

/** One server process, with what it printed lately (shown when it fails to start). */
export type ClusterProcess = { url: string; port: number; child: ChildProcess; output: () => string };

type Cleanup = () => Promise<unknown> | unknown;

export async function startCluster(options: ClusterOptions) {
  const cleanups: Cleanup[] = [];
  const stop = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) {
      try {
        await cleanup();
      } catch (error) {
        console.error("cluster: a cleanup step failed", error);
      }
    }
  };
  try {
    const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "podium-cluster-"));
    cleanups.push(() => fs.rmSync(workDir, { recursive: true, force: true }));

    const database = await createServerDatabase(
      options.serverUrl ?? process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
      "podium_cluster",
    );
    cleanups.push(database.drop);
    // Migrated once here, so the processes start on a ready schema rather than racing to migrate it.
    const db = await openDatabase({ databaseUrl: database.url });
    cleanups.push(() => db.close());
    await runMigrations(db);

    const s3 = new S3rver({
      port: 0,
      address: "127.0.0.1",
      silent: true,
      directory: path.join(workDir, "s3"),
      configureBuckets: [{ name: S3_BUCKET, configs: [] }],
    });
    const { port: s3Port } = await s3.run();
    cleanups.push(() => s3.close());

    const smtp = createSmtpServer();
    const smtpPort = await smtp.start();
    cleanups.push(() => smtp.stop());

    const lbPort = await findFreePort();
    const appUrl = `http://127.0.0.1:${lbPort}`;
    const webhook: WebhookTarget = { url: `${appUrl}/api/webhooks/stripe`, secret: CLUSTER_WEBHOOK_SECRET };
    const stripe = await startStripeServer({ webhook });
    cleanups.push(() => stripe.close());

    // An empty web folder: the API alone is under test, and the processes do not depend on `npm run build`.
    const webDist = path.join(workDir, "web");
    fs.mkdirSync(webDist);
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? os.tmpdir(),
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      APP_URL: appUrl,
      DATABASE_URL: database.url,
      // Shared by all: sessions, CSRF tokens and signed links made by one process are good on the others.
      SESSION_SECRET: randomBytes(32).toString("hex"),
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      S3_BUCKET,
      S3_REGION: "us-east-1",
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "true",
      STRIPE_SECRET_KEY: "sk_test_cluster",
      STRIPE_PRICE_ID: "price_test_cluster",
      STRIPE_WEBHOOK_SECRET: CLUSTER_WEBHOOK_SECRET,
      STRIPE_API_BASE: stripe.url,
      // The load balancer is the one proxy: the client's address comes from its X-Forwarded-For.
      TRUST_PROXY: "127.0.0.1",
      ...options.env,
    };

    const processes: ClusterProcess[] = [];
    const startProcess = async (index: number, port?: number): Promise<ClusterProcess> => {
      const chosen = port ?? (await findFreePort());
      const started = spawnServer(
        { ...env, PORT: String(chosen), DATA_DIR: path.join(workDir, `data-${index}`) },
        webDist,
      );
      await waitForHealth(started.url, started.child, started.output);
      return started;
    };
    // Started one after the other: on two shared cores, parallel tsx starts only take longer each.
    for (let index = 0; index < options.processes; index++) {
      const started = await startProcess(index);
      processes.push(started);
      cleanups.push(() => stopProcess(started.child));
    }

    const loadBalancer = await startLoadBalancer(workDir, lbPort, processes);
    cleanups.push(loadBalancer.stop);

    return {
      /** The load balancer's address (also APP_URL of every process). */
      url: appUrl,
      processes,
      database: db,
      databaseUrl: database.url,
      smtp,
      stripe,
      /** Stops process `index` with SIGTERM, waits for its exit, and starts it again on the same port. */
      async restart(index: number) {
        const old = processes[index]!;
        await stopProcess(old.child);
        const fresh = await startProcess(index, old.port);
        processes[index] = fresh;
        cleanups.push(() => stopProcess(fresh.child));
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

export type Cluster = Awaited<ReturnType<typeof startCluster>>;

function spawnServer(env: Record<string, string>, webDist: string): ClusterProcess {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", path.join(PROJECT_ROOT, "src/server/main.ts"), `--web-dist=${webDist}`],
    { cwd: PROJECT_ROOT, env, stdio: ["ignore", "pipe", "pipe"] },
  );
  const port = Number(env.PORT);
  return { url: `http://127.0.0.1:${port}`, port, child, output: collectOutput(child) };
}

/** The last few kilobytes a child printed, to show when it fails to start. */
function collectOutput(child: ChildProcess): () => string {
  let text = "";
  const keep = (chunk: Buffer) => {
    text = (text + chunk.toString("utf8")).slice(-8000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  return () => text;
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url} exited (${child.exitCode}) at start:\n${output()}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer /api/health within ${START_TIMEOUT_MS / 1000} s:\n${output()}`);
}

/** SIGTERM, then SIGKILL if the process has not exited in time. */
async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

/**
 * HAProxy on 127.0.0.1:`port` in front of `servers` (each answering /api/ready and /api/health), as the
 * cluster runs it; `workDir` holds its configuration. Resolves once a request through it is answered.
 */
export async function startLoadBalancer(workDir: string, port: number, servers: { port: number }[]) {
  const configFile = path.join(workDir, "haproxy.cfg");
  fs.writeFileSync(configFile, haproxyConfigText(port, servers));
  const haproxy = spawn("haproxy", ["-f", configFile, "-db"], { stdio: ["ignore", "pipe", "pipe"] });
  const output = collectOutput(haproxy);
  const stop = () => stopProcess(haproxy);
  try {
    await waitForHealth(`http://127.0.0.1:${port}`, haproxy, output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { stop };
}

/**
 * Round-robin over every process, no stickiness. A process is checked every 500 ms and taken out after two
 * failed checks on /api/ready; a request whose connection is refused, or that a draining process answered 503
 * before running anything, is retried on another process (as deploy/haproxy.cfg does). A write whose process
 * went silent is retried only when it carries an Idempotency-Key: it may have been committed before the process
 * died, and only the key makes a second run answer the first one's result instead of writing again.
 */
function haproxyConfigText(port: number, processes: { port: number }[]): string {
  return [
    "global",
    "  maxconn 4096",
    "defaults",
    "  mode http",
    "  timeout connect 2s",
    "  timeout client 30s",
    "  timeout server 30s",
    "  retries 3",
    "  option redispatch",
    "  retry-on conn-failure empty-response 503",
    "frontend podium",
    `  bind 127.0.0.1:${port}`,
    "  default_backend servers",
    "backend servers",
    "  balance roundrobin",
    `  ${WRITE_RETRY_RULE}`,
    "  option forwardfor",
    "  option httpchk GET /api/ready",
    "  http-check expect status 200",
    ...processes.map(
      (server, index) => `  server p${index} 127.0.0.1:${server.port} check inter 500ms fall 2 rise 1`,
    ),
    "",
  ].join("\n");
}
