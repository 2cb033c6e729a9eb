import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { createTestApps } from "../../../test/app.ts";
import { createSignedInClient, postEvent } from "../../../test/book.ts";
import { createClient, type TestClient } from "../../../test/client.ts";
import { confirmIdentity, createUser, DEFAULT_PASSWORD, signIn } from "../../../test/factories.ts";
import { changeUnheard } from "../../../test/unheard.ts";
import { findSession } from "../auth/sessions.ts";
import type { ListenHandlers } from "../db/listen.ts";
import { mediaKits, users } from "../db/schema.ts";
import { openChangeFeed } from "./change-feed.ts";

// Counts session lookups, to tell a reused session from one read again.
vi.mock("../auth/sessions.ts", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../auth/sessions.ts")>();
  return { ...actual, findSession: vi.fn(actual.findSession) };
});

// Three server processes on one database, each with its own caches and change feed (decision 046).
const {
  apps: [first, second, third],
  db,
} = await createTestApps(3);
const [appA, appB, appC] = [first!, second!, third!];

/** What every process must show within this long of a change made through another (decision 046). */
const CROSS_PROCESS_MS = 100;

/** The same browser calling process B: its cookies are the ones of `client` (on A). */
const sameBrowserOn = (app: typeof appB, client: TestClient) => createClient(app, { jar: client.jar });

const lookupsOf = (token: string) =>
  vi.mocked(findSession).mock.calls.filter(([, looked]) => looked === token).length;
const sessionTokenOf = (client: TestClient) => client.jar.get("podium_session")!;

/** Polls `read` until `isDone` holds; the milliseconds it took, or fails past the deadline. */
async function msUntil<T>(read: () => Promise<T>, isDone: (value: T) => boolean): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < 1000) {
    if (isDone(await read())) return performance.now() - started;
    // Injected requests answered from memory never wait on the network: let the listener's socket be read.
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error("never happened within a second");
}

const renameKitUnheard = (userId: string, headline: string) =>
  changeUnheard(db, (tx) => tx.update(mediaKits).set({ headline }).where(eq(mediaKits.userId, userId)));

async function speakerWithSharedKit(app: typeof appA, slug: string) {
  const { user, client } = await createSignedInClient(app, db, { freshCheck: true });
  await client.put("/api/speaker-profile", { name: "Jordan Rivera" });
  expect((await client.put("/api/media-kit", { slug, headline: "Before" })).statusCode).toBe(200);
  const link = (await client.post("/api/share-links", { kind: "media_kit", label: "Kit" })).json();
  return { user, client, link, token: String(link.url).split("/").pop()! };
}

describe("caches of several processes on one database", () => {
  it("shows an event created through one process in the very next list read through another", async () => {
    const { client } = await createSignedInClient(appA, db, { freshCheck: true });
    const onB = sameBrowserOn(appB, client);
    let stale = 0;
    for (let attempt = 0; attempt < 200; attempt++) {
      // B has the list cached and the session reused when A writes.
      await onB.get("/api/events?limit=50");
      // Each later than the last, so that it heads the list (newest date first).
      const date = new Date(Date.UTC(2030, 0, 1 + attempt)).toISOString().slice(0, 10);
      const created = await postEvent(client, { title: `Talk ${attempt}`, date });
      const items = (await onB.get("/api/events?limit=50")).json().items as { id: string }[];
      if (!items.some((item) => item.id === created.id)) stale += 1;
    }
    expect(stale).toBe(0);
  });

  it("takes a hold asked again through one process off the dashboard another process shows", async () => {
    const { client } = await createSignedInClient(appA, db, { freshCheck: true });
    const onB = sameBrowserOn(appB, client);
    const date = "2031-09-09";
    const first = await postEvent(client, {
      status: "hold",
      date,
      title: "First hold",
      contactEmail: "pat@example.test",
    });
    await postEvent(client, { status: "hold", date, title: "Second hold" });
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.parse(today) + 86_400_000).toISOString().slice(0, 10);
    const silencesOnB = async () =>
      ((await onB.get(`/api/dashboard?today=${tomorrow}`)).json().actionItems as { kind: string }[]).filter(
        (item) => item.kind === "hold-challenge-unanswered",
      );
    expect((await client.post(`/api/events/${first.id}/challenge`, { deadline: today })).statusCode).toBe(
      201,
    );
    expect(await silencesOnB()).toHaveLength(1);
    // Only the challenge row changes; B's cached dashboard must not outlive it.
    expect((await client.post(`/api/events/${first.id}/challenge`, { deadline: tomorrow })).statusCode).toBe(
      201,
    );
    expect(await silencesOnB()).toEqual([]);
  });

  it("ends a session on every process soon after a logout through one", async () => {
    const { client } = await createSignedInClient(appA, db, { freshCheck: true });
    // The same browser's cookies, which the logout through A does not clear on this copy.
    const onB = createClient(appB, { jar: new Map(client.jar) });
    expect((await onB.get("/api/user")).statusCode).toBe(200);
    expect((await client.post("/api/logout")).statusCode).toBe(204);
    const ms = await msUntil(
      () => onB.get("/api/user"),
      (response) => response.statusCode === 401,
    );
    expect(ms).toBeLessThan(CROSS_PROCESS_MS);
  });

  it("ends the other sessions on every process soon after a password change", async () => {
    const { user, client } = await createSignedInClient(appA, db, { freshCheck: true });
    const elsewhere = createClient(appB);
    await signIn(elsewhere, db, user, { freshCheck: true });
    expect((await elsewhere.get("/api/user")).statusCode).toBe(200);
    const changed = await client.post("/api/account/password", {
      currentPassword: DEFAULT_PASSWORD,
      newPassword: "Another!Pass2027",
    });
    expect(changed.statusCode).toBe(204);
    const ms = await msUntil(
      () => elsewhere.get("/api/user"),
      (response) => response.statusCode === 401,
    );
    expect(ms).toBeLessThan(CROSS_PROCESS_MS);
  });

  it("shuts a disabled account out of every process soon after an admin disables it", async () => {
    const admin = createClient(appA);
    await signIn(admin, db, await createUser(db, { role: "admin" }));
    await confirmIdentity(admin);
    const { user, client } = await createSignedInClient(appB, db, { freshCheck: true });
    expect((await client.get("/api/events")).statusCode).toBe(200);
    expect((await admin.patch(`/api/admin/users/${user.id}`, { disabled: true })).statusCode).toBe(200);
    const ms = await msUntil(
      () => client.get("/api/events"),
      (response) => response.statusCode === 401,
    );
    expect(ms).toBeLessThan(CROSS_PROCESS_MS);
  });

  it("closes a shared page on every process soon after its link is revoked through one", async () => {
    const { client, link, token } = await speakerWithSharedKit(appA, "revoked-everywhere");
    const visitorOnB = createClient(appB);
    expect((await visitorOnB.get(`/api/public/share/${token}`)).statusCode).toBe(200);
    expect((await client.post(`/api/share-links/${link.id}/revoke`)).statusCode).toBe(200);
    const ms = await msUntil(
      () => visitorOnB.get(`/api/public/share/${token}`),
      (response) => response.statusCode === 404,
    );
    expect(ms).toBeLessThan(CROSS_PROCESS_MS);
  });

  it("shows every process a change a script commits, with no request to wait for it", async () => {
    const { user, client } = await createSignedInClient(appA, db, { freshCheck: true });
    const onB = sameBrowserOn(appB, client);
    expect((await onB.get("/api/user")).statusCode).toBe(200);
    await db.update(users).set({ username: "renamed_by_script" }).where(eq(users.id, user.id));
    const ms = await msUntil(
      () => onB.get("/api/user"),
      (response) => response.json().username === "renamed_by_script",
    );
    expect(ms).toBeLessThan(CROSS_PROCESS_MS);
  });

  it("keeps another speaker's reused session and kept public answer through a speaker's writes", async () => {
    // The clock stands still, so that nothing is looked up again because its time ran out.
    vi.useFakeTimers({ toFake: ["Date"], now: new Date() });
    const other = await speakerWithSharedKit(appA, "untouched-kit");
    const visitorOnB = createClient(appB);
    const otherOnB = sameBrowserOn(appB, other.client);
    expect((await otherOnB.get("/api/events")).statusCode).toBe(200);
    expect((await visitorOnB.get(`/api/public/share/${other.token}`)).json().mediaKit.headline).toBe(
      "Before",
    );
    const lookups = lookupsOf(sessionTokenOf(other.client));

    const { client: writer } = await createSignedInClient(appB, db, { freshCheck: true });
    await postEvent(writer);
    await writer.put("/api/speaker-profile", { name: "Someone Else" });
    await renameKitUnheard(other.user.id, "After");

    expect((await otherOnB.get("/api/events")).statusCode).toBe(200);
    expect(lookupsOf(sessionTokenOf(other.client))).toBe(lookups);
    // Still the kept answer: the change nobody heard of is not read.
    expect((await visitorOnB.get(`/api/public/share/${other.token}`)).json().mediaKit.headline).toBe(
      "Before",
    );
    vi.useRealTimers();
  });

  it("reuses nothing while its change feed is not listening", async () => {
    const { user, client, token } = await speakerWithSharedKit(appC, "unheard-kit");
    const visitor = createClient(appC);
    await appC.changeFeed.close();

    await db.update(users).set({ username: "renamed_unheard" }).where(eq(users.id, user.id));
    const lookups = lookupsOf(sessionTokenOf(client));
    expect((await client.get("/api/user")).json().username).toBe("renamed_unheard");
    expect((await client.get("/api/user")).json().username).toBe("renamed_unheard");
    expect(lookupsOf(sessionTokenOf(client))).toBe(lookups + 2);

    expect((await visitor.get(`/api/public/share/${token}`)).json().mediaKit.headline).toBe("Before");
    await renameKitUnheard(user.id, "After");
    expect((await visitor.get(`/api/public/share/${token}`)).json().mediaKit.headline).toBe("After");
  });
});

/**
 * A database that only carries notifications: each one sent is heard back, as PostgreSQL would deliver it.
 * While `connection.isSlow`, a notification sent through the listening connection takes until `finishSending`.
 */
async function feedOnStubDatabase(stallMs?: number) {
  let handlers: ListenHandlers | undefined;
  const sent: string[] = [];
  /** Set when the connection goes silent: nothing sent is heard back, and nothing says it is lost. */
  const connection = { isSilent: false, isSlow: false, reconnects: 0 };
  const slowSends: (() => void)[] = [];
  const finishSending = () => {
    for (const finish of slowSends.splice(0)) finish();
  };
  const hear = (payload: string) => queueMicrotask(() => handlers?.onNotification(payload));
  const send = (payload: string) => {
    sent.push(payload);
    if (!connection.isSilent) hear(payload);
  };
  const feed = await openChangeFeed(
    {
      listen: async (_channel, given) => {
        handlers = given;
        return {
          stop: async () => {},
          reconnect: () => {
            connection.reconnects += 1;
          },
          notify: async (payload) => {
            if (connection.isSlow) await new Promise<void>((resolve) => slowSends.push(resolve));
            send(payload);
          },
        };
      },
      runSql: async (_text, values) => {
        send(String(values?.[1]));
        return { rows: [] };
      },
    },
    stallMs,
  );
  let forgotAll = 0;
  feed.subscribe({ forgetUser: () => {}, forgetAll: () => (forgotAll += 1) });
  return {
    feed,
    sent,
    hear,
    connection,
    finishSending,
    handlers: handlers!,
    forgotAll: () => forgotAll,
  };
}

describe("the change feed of one process", () => {
  it("connects afresh when its connection stays open but its own writes go unheard", async () => {
    const { feed, handlers, connection } = await feedOnStubDatabase(30);
    handlers.onListening();
    await feed.catchUp(10);
    connection.isSilent = true;
    await feed.catchUp(10);
    await feed.catchUp(10);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(connection.reconnects).toBe(1);
  });

  it("reuses nothing while its connection is lost, and starts afresh when it listens again", async () => {
    const { feed, handlers, forgotAll } = await feedOnStubDatabase();
    expect(feed.isLive).toBe(false);
    handlers.onListening();
    expect(feed.isLive).toBe(true);
    handlers.onLost();
    expect(feed.isLive).toBe(false);
    const before = forgotAll();
    await feed.catchUp();
    expect(forgotAll()).toBe(before + 1);
    handlers.onListening();
    expect([feed.isLive, forgotAll()]).toEqual([true, before + 2]);
  });

  it("still waits for the other processes after its own connection was lost during a write", async () => {
    const { feed, sent, hear, handlers } = await feedOnStubDatabase();
    handlers.onListening();
    hear("h:other");
    await new Promise((resolve) => setImmediate(resolve));
    const cut = feed.catchUp(60_000);
    await new Promise((resolve) => setTimeout(resolve, 10));
    handlers.onLost();
    await cut;
    handlers.onListening();

    let answered = false;
    const write = feed.catchUp(60_000).then(() => (answered = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(answered).toBe(false);
    const [, self, marker] = sent.findLast((payload) => payload.startsWith("m:"))!.split(":");
    hear(`a:other:${self}:${marker}`);
    await write;
  });

  it("waits for every other process to acknowledge a write, and stops waiting for one that does not", async () => {
    const { feed, sent, hear, handlers, forgotAll } = await feedOnStubDatabase();
    handlers.onListening();
    hear("h:other");
    await new Promise((resolve) => setImmediate(resolve));
    const forgotten = forgotAll();

    let answered = false;
    const write = feed.catchUp(60_000).then(() => (answered = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(answered).toBe(false);
    const [, self, marker] = sent.find((payload) => payload.startsWith("m:"))!.split(":");
    hear(`a:other:${self}:${marker}`);
    await write;
    expect(forgotAll()).toBe(forgotten);

    // No acknowledgement: given up on after the timeout, and not waited for again until it speaks.
    await feed.catchUp(10);
    await feed.catchUp(60_000);
    expect(forgotAll()).toBe(forgotten);
  });

  it("sends one marker for every write that commits while another marker is on its way", async () => {
    const { feed, sent, connection, finishSending, handlers } = await feedOnStubDatabase();
    handlers.onListening();
    connection.isSlow = true;
    const first = feed.catchUp(60_000);
    await new Promise((resolve) => setImmediate(resolve));
    const later = [feed.catchUp(60_000), feed.catchUp(60_000), feed.catchUp(60_000)];
    finishSending();
    await first;
    await new Promise((resolve) => setImmediate(resolve));
    finishSending();
    await Promise.all(later);
    expect(sent.filter((payload) => payload.startsWith("m:")).length).toBe(2);
  });
});
