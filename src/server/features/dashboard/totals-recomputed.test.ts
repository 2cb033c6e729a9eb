import { eq } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EVENT_STATUSES } from "../../../shared/schemas/event-status.ts";
import { createTestApp } from "../../../test/app.ts";
import { createSignedInClient } from "../../../test/book.ts";
import type { TestClient } from "../../../test/client.ts";
import { clients, events } from "../../platform/db/schema.ts";

// The dashboard's totals and the clients' totals are cached per book version (decision 018). After every step
// of a random series of creates, updates and deletes through the API, both equal a plain recomputation over
// the speaker's rows read straight from the database.

const { app, db } = await createTestApp();

const TODAY = "2031-06-15";
/** The pipeline looks 12 months ahead: up to the day before the same date next year. */
const PIPELINE_END = "2032-06-14";
const DATES = ["2030-12-31", "2031-01-01", TODAY, "2031-12-31", "2032-01-01", PIPELINE_END, "2032-06-15"];

/** An amount in dollars, to the cent. */
const amount = fc.integer({ min: 0, max: 500_000 }).map((cents) => cents / 100);
const status = fc.constantFrom(...EVENT_STATUSES);
const pick = fc.nat({ max: 20 });

const command = fc.oneof(
  fc.record({
    kind: fc.constant("create event" as const),
    date: fc.constantFrom(...DATES),
    status,
    fee: amount,
    travelFee: amount,
    client: fc.option(pick, { nil: null }),
  }),
  fc.record({
    kind: fc.constant("update event" as const),
    event: pick,
    patch: fc.oneof(
      fc.record({ status }),
      fc.record({ fee: amount }),
      fc.record({ travelFee: amount }),
      fc.record({ date: fc.constantFrom(...DATES) }),
    ),
    client: fc.option(pick, { nil: null }),
  }),
  fc.record({ kind: fc.constant("delete event" as const), event: pick }),
  fc.record({
    kind: fc.constant("create client" as const),
    name: fc.constantFrom("Acme", "Globex", "Initech"),
  }),
  fc.record({ kind: fc.constant("delete client" as const), client: pick }),
);
type Command = typeof command extends fc.Arbitrary<infer T> ? T : never;

/** The speaker's event and client ids in creation order, read from the database. */
async function ids(userId: string) {
  const eventRows = await db.select().from(events).where(eq(events.userId, userId)).orderBy(events.createdAt);
  const clientRows = await db
    .select()
    .from(clients)
    .where(eq(clients.userId, userId))
    .orderBy(clients.createdAt);
  return { eventRows, clientRows };
}

const nth = <T>(rows: T[], index: number | null) =>
  index === null || rows.length === 0 ? null : rows[index % rows.length]!;

/** Runs a command through the API; a refused one (a status move the rules forbid) changes nothing. */
async function run(client: TestClient, userId: string, step: Command) {
  const { eventRows, clientRows } = await ids(userId);
  let response: { statusCode: number; body: string } | undefined;
  if (step.kind === "create event") {
    response = await client.post("/api/events", {
      title: "Talk",
      date: step.date,
      status: step.status,
      fee: step.fee,
      travelFee: step.travelFee,
      clientId: nth(clientRows, step.client)?.id ?? null,
    });
  } else if (step.kind === "update event") {
    const event = nth(eventRows, step.event);
    if (!event) return;
    const patch: Record<string, unknown> = { ...step.patch };
    if (step.client !== null) patch.clientId = nth(clientRows, step.client)?.id ?? null;
    response = await client.patch(`/api/events/${event.id}`, patch);
  } else if (step.kind === "delete event") {
    const event = nth(eventRows, step.event);
    if (event) response = await client.delete(`/api/events/${event.id}`);
  } else if (step.kind === "create client") {
    response = await client.post("/api/clients", { name: step.name });
  } else {
    const found = nth(clientRows, step.client);
    if (found) response = await client.delete(`/api/clients/${found.id}`);
  }
  expect(response?.statusCode ?? 200, response?.body).toBeLessThan(500);
}

const dollars = (total: number) => total / 100;
const gross = (event: typeof events.$inferSelect) => event.fee + event.travelFee;
const sumGross = (rows: (typeof events.$inferSelect)[]) =>
  dollars(rows.reduce((sum, e) => sum + gross(e), 0));

/** The dashboard's totals and the clients' totals, recomputed plainly from the rows. */
async function recompute(userId: string) {
  const { eventRows, clientRows } = await ids(userId);
  const inYear = eventRows.filter((event) => event.date >= "2031-01-01" && event.date <= "2031-12-31");
  const withStatus = (...statuses: string[]) => inYear.filter((event) => statuses.includes(event.status));
  const perClient = clientRows
    .map((row) => {
      const linked = eventRows.filter((event) => event.clientId === row.id);
      return {
        name: row.name,
        eventCount: linked.length,
        totalFees: sumGross(linked.filter((event) => event.status !== "cancelled")),
      };
    })
    .sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()));
  const totalFees = dollars(Math.round(perClient.reduce((sum, row) => sum + row.totalFees * 100, 0)));
  return {
    dashboard: {
      bookedThisYear: sumGross(withStatus("confirmed", "completed")),
      completedThisYear: sumGross(withStatus("completed")),
      pipeline: sumGross(
        eventRows.filter(
          (event) =>
            ["inquiry", "hold"].includes(event.status) && event.date >= TODAY && event.date <= PIPELINE_END,
        ),
      ),
      counts: { events: eventRows.length, clients: clientRows.length },
    },
    clients: {
      items: perClient,
      totals: {
        count: clientRows.length,
        eventCount: perClient.reduce((sum, row) => sum + row.eventCount, 0),
        totalFees,
        // No bureau partner (so no commission) in these series: the net equals the gross.
        netFees: totalFees,
      },
    },
  };
}

async function answered(client: TestClient) {
  const dashboard = (await client.get(`/api/dashboard?today=${TODAY}`)).json();
  const list = (await client.get("/api/clients?limit=100")).json();
  return {
    dashboard: {
      bookedThisYear: dashboard.totals.bookedThisYear,
      completedThisYear: dashboard.totals.completedThisYear,
      pipeline: dashboard.totals.pipeline,
      counts: dashboard.counts,
    },
    clients: {
      items: list.items.map((item: { name: string; eventCount: number; totalFees: number }) => ({
        name: item.name,
        eventCount: item.eventCount,
        totalFees: item.totalFees,
      })),
      totals: list.totals,
    },
  };
}

describe("cached totals after random changes", () => {
  it("equal a recomputation over the speaker's rows after every step", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 12 }), async (steps) => {
        const { user, client } = await createSignedInClient(app, db);
        // Read once first, so every later answer had to replace a cached one.
        await answered(client);
        for (const step of steps) {
          await run(client, user.id, step);
          expect(await answered(client)).toEqual(await recompute(user.id));
        }
      }),
      { numRuns: 15 },
    );
  }, 240_000);
});
