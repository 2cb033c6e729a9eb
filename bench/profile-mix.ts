/**
 * Where the many-speaker mix spends (decision 050), one request at a time through `app.inject` on a fresh
 * PostgreSQL database with the browser-reads seed: per request, the statements sent to the database, the Node
 * CPU, and the CPU of this database's PostgreSQL backends (from /proc, so the server must be local). Alone,
 * a request's figures are its own, whatever else the machine runs; the mix's reads are measured right after
 * an edit of their speaker, as the mix meets them (rebuilt).
 *
 *   npx tsx bench/profile-mix.ts
 */
import fs from "node:fs";
import { eq } from "drizzle-orm";
import pg from "pg";
import { events } from "../src/server/platform/db/schema.ts";
import { buildBenchApp } from "./bench-app.ts";
import { BENCH_SPEAKER, seedBookOfBusiness } from "./book-of-business-seed.ts";
import { openBenchPostgres } from "./databases.ts";

const SAMPLES = 200;
const CLOCK_TICKS_PER_MS = 0.1;

// Every statement any pg client sends (the pool's and the listener's), by its text.
const statements: string[] = [];
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const [sent] = args as [string | { text?: string; name?: string }];
  statements.push(typeof sent === "string" ? sent : (sent.text ?? sent.name ?? "?"));
  return query.apply(this, args);
} as typeof pg.Client.prototype.query;

const bench = await openBenchPostgres();
try {
  await seedBookOfBusiness(bench.handle, 40, 100);
  const { app, userId, cookie } = await buildBenchApp(bench.handle, BENCH_SPEAKER.username);
  const csrf = (await app.inject({ method: "GET", url: "/api/csrf-token", headers: { cookie } })).json();
  const rows = await bench.handle.db.select({ id: events.id }).from(events).where(eq(events.userId, userId));
  const headers = { cookie, "accept-encoding": "gzip, deflate, br", accept: "application/json" };
  const reads = [
    "/api/events?limit=50",
    "/api/dashboard",
    `/api/events/${rows[0]!.id}`,
    "/api/clients",
    "/api/search?q=keynote",
  ];
  let edits = 0;
  const edit = () => {
    edits += 1;
    return app.inject({
      method: "PATCH",
      url: `/api/events/${rows[edits % rows.length]!.id}`,
      headers: { ...headers, "content-type": "application/json", "x-csrf-token": csrf.csrfToken },
      payload: JSON.stringify({ attendees: 100 + edits }),
    });
  };
  const read = (path: string) => app.inject({ method: "GET", url: path, headers });

  /** CPU (ms) the PostgreSQL backends of this database have used so far. */
  const backendsCpu = async () => {
    const { rows: backends } = (await bench.handle.runSql(
      "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
    )) as { rows: { pid: number }[] };
    let ticks = 0;
    for (const { pid } of backends) {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    }
    return ticks / CLOCK_TICKS_PER_MS;
  };

  type Cost = { statements: number; nodeMs: number; databaseMs: number; byText: Map<string, number> };
  const measure = async (task: () => Promise<unknown>): Promise<Cost> => {
    for (let index = 0; index < 20; index++) await task();
    statements.length = 0;
    const databaseBefore = await backendsCpu();
    const cpu = process.cpuUsage();
    for (let index = 0; index < SAMPLES; index++) await task();
    const used = process.cpuUsage(cpu);
    const databaseMs = (await backendsCpu()) - databaseBefore;
    // The pid query above is not the request's.
    const sent = statements.filter((text) => !text.includes("pg_stat_activity"));
    const byText = new Map<string, number>();
    for (const text of sent) {
      const short = text.replace(/\s+/g, " ").slice(0, 80);
      byText.set(short, (byText.get(short) ?? 0) + 1 / SAMPLES);
    }
    return {
      statements: sent.length / SAMPLES,
      nodeMs: (used.user + used.system) / 1000 / SAMPLES,
      databaseMs: databaseMs / SAMPLES,
      byText,
    };
  };
  const print = (name: string, cost: Cost, alone?: Cost) => {
    const minus = (value: number, base?: number) => (value - (base ?? 0)).toFixed(2);
    console.log(
      `${name.padEnd(34)} statements ${minus(cost.statements, alone?.statements).padStart(5)}  ` +
        `Node ${minus(cost.nodeMs, alone?.nodeMs).padStart(5)} ms  ` +
        `PostgreSQL ${minus(cost.databaseMs, alone?.databaseMs).padStart(5)} ms`,
    );
  };

  print("health route", await measure(() => read("/api/health")));
  for (const path of reads) print(`cached ${path.slice(0, 27)}`, await measure(() => read(path)));
  const editAlone = await measure(edit);
  print("edit (attendees)", editAlone);
  for (const [text, count] of editAlone.byText) console.log(`    ${count.toFixed(2)} × ${text}`);
  for (const path of reads) {
    const cost = await measure(async () => {
      await edit();
      await read(path);
    });
    print(`rebuilt ${path.slice(0, 27)} (edit taken off)`, cost, editAlone);
  }
  await app.close();
} finally {
  await bench.dispose();
}
