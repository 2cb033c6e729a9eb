import { setTimeout as sleep } from "node:timers/promises";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { createTestApp } from "../../../test/app.ts";
import { createSignedInClient, postEvent } from "../../../test/book.ts";
import type { TestClient } from "../../../test/client.ts";
import { SESSION_REUSE_MS } from "../../platform/auth/session-cache.ts";
import { createSession, findSession } from "../../platform/auth/sessions.ts";
import { bookVersions, events } from "../../platform/db/schema.ts";

import { listEventRows } from "./list-query.ts";

// Counts the list queries, to tell a page built from the database from one served by the page cache.
vi.mock("./list-query.ts", async (importOriginal) => {
  const actual = await importOriginal<typeof import("./list-query.ts")>();
  return { ...actual, listEventRows: vi.fn(actual.listEventRows) };
});

const { app, db } = await createTestApp();

const firstItem = async (client: TestClient) => (await client.get("/api/events")).json().items[0];

describe("the event list after every kind of change", () => {
  it("shows an event's new fields, a new event and a deleted one at once", async () => {
    const { client } = await createSignedInClient(app, db);
    const event = await postEvent(client, { title: "Before" });
    expect((await firstItem(client)).title).toBe("Before");
    await client.patch(`/api/events/${event.id}`, { title: "After" });
    expect((await firstItem(client)).title).toBe("After");
    await postEvent(client, { title: "Later", date: "2040-01-01" });
    expect((await firstItem(client)).title).toBe("Later");
    await client.delete(`/api/events/${event.id}`);
    expect((await client.get("/api/events")).json().items).toHaveLength(1);
  });

  it("shows a renamed or deleted client and a renamed bureau partner", async () => {
    const { client } = await createSignedInClient(app, db);
    const event = await postEvent(client, { clientName: "Acme", bureauPartnerName: "Bureau" });
    expect((await firstItem(client)).client.name).toBe("Acme");
    await client.patch(`/api/clients/${event.clientId}`, { name: "Acme Corp", company: "Acme Inc." });
    expect(await firstItem(client)).toMatchObject({
      client: { name: "Acme Corp" },
      clientCompany: "Acme Inc.",
    });
    await client.patch(`/api/bureau-partners/${event.bureauPartnerId}`, { name: "Big Bureau" });
    expect((await firstItem(client)).bureauPartnerName).toBe("Big Bureau");
    await client.delete(`/api/clients/${event.clientId}`);
    expect(await firstItem(client)).toMatchObject({ client: null, clientId: null });
  });

  it("shows rows written outside this process once its session reuse has passed", async () => {
    const { user, client } = await createSignedInClient(app, db);
    expect((await client.get("/api/events")).json().items).toEqual([]);
    // Written behind the app's back, as another process would: a read reuses its session (and book version)
    // for at most SESSION_REUSE_MS (session-cache.ts), then sees the change.
    await db.insert(events).values([
      { userId: user.id, title: "Imported one", date: "2030-01-01" },
      { userId: user.id, title: "Imported two", date: "2030-01-02" },
    ]);
    await sleep(SESSION_REUSE_MS);
    expect((await client.get("/api/events")).json().items).toHaveLength(2);
    await db.update(events).set({ venueName: "Moved" }).where(eq(events.userId, user.id));
    await sleep(SESSION_REUSE_MS);
    expect((await firstItem(client)).venueName).toBe("Moved");
  });

  it("counts one version step per statement, for the speaker whose rows changed only", async () => {
    const first = await createSignedInClient(app, db);
    const second = await createSignedInClient(app, db);
    const version = async (userId: string) =>
      (await db.select().from(bookVersions).where(eq(bookVersions.userId, userId)))[0]?.version ?? 0;
    await db.insert(events).values(
      Array.from({ length: 20 }, (_, index) => ({
        userId: first.user.id,
        title: `T${index}`,
        date: "2030-01-01",
      })),
    );
    expect(await version(first.user.id)).toBe(1);
    expect(await version(second.user.id)).toBe(0);
  });
});

describe("the page cache", () => {
  it("serves a repeated page without querying until the speaker's book changes", async () => {
    const { client } = await createSignedInClient(app, db);
    const event = await postEvent(client, { title: "Cached" });
    const queries = vi.mocked(listEventRows);
    queries.mockClear();
    const first = (await client.get("/api/events?sort=title")).body;
    const second = (await client.get("/api/events?sort=title")).body;
    expect(second).toBe(first);
    expect(queries).toHaveBeenCalledTimes(1);

    await client.get("/api/events?sort=date");
    expect(queries).toHaveBeenCalledTimes(2);

    await client.patch(`/api/events/${event.id}`, { notes: "changed" });
    const third = (await client.get("/api/events?sort=title")).json();
    expect(queries).toHaveBeenCalledTimes(3);
    expect(third.items[0].notes).toBe("changed");
  });

  it("checks a page against the book version read with the session, current at each request", async () => {
    const { user } = await createSignedInClient(app, db);
    const { token } = await createSession(db, { userId: user.id });
    const versionAtRequest = async () => (await findSession(db, token))?.bookVersion;
    expect(await versionAtRequest()).toBe(0);
    await db.insert(events).values({ userId: user.id, title: "Imported", date: "2030-01-01" });
    expect(await versionAtRequest()).toBe(1);
    await db.update(events).set({ title: "Renamed" }).where(eq(events.userId, user.id));
    expect(await versionAtRequest()).toBe(2);
  });

  it("keeps each speaker's pages apart", async () => {
    const first = await createSignedInClient(app, db);
    const second = await createSignedInClient(app, db);
    await postEvent(first.client, { title: "Mine" });
    expect((await first.client.get("/api/events")).json().items).toHaveLength(1);
    expect((await second.client.get("/api/events")).json().items).toEqual([]);
  });
});
