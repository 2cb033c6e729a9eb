import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../test/database.ts";
import { createUser } from "../../../test/factories.ts";
import { createSessionCache } from "./session-cache.ts";
import { createSession, deleteSession } from "./sessions.ts";

const handle = await createTestDatabase();
const { db } = handle;
afterAll(() => handle.close());
/** A change feed that is listening; what it would say, each test says itself. */
const listening = { isLive: true };

async function signedInToken() {
  const user = await createUser(db);
  const { token, sessionId } = await createSession(db, { userId: user.id });
  return { user, token, sessionId };
}

describe("the session cache of signed-in reads", () => {
  it("answers reads that miss together with one lookup, which later reads within the second reuse", async () => {
    const { user, token } = await signedInToken();
    const cache = createSessionCache(db, listening);
    const found = await Promise.all(Array.from({ length: 20 }, () => cache.find(token)));
    expect(found[0]?.login.id).toBe(user.id);
    // One lookup answers them all: the very same object, where separate lookups would each build their own.
    for (const each of found) expect(each).toBe(found[0]);
    expect(await cache.find(token)).toBe(found[0]);
  });

  it("does not let a read after a change join a lookup that began before it", async () => {
    const { user, token, sessionId } = await signedInToken();
    const cache = createSessionCache(db, listening);
    const before = cache.find(token);
    await deleteSession(db, sessionId);
    cache.forgetUser(user.id);
    expect(await cache.find(token)).toBeNull();
    await before;
    // Nor is the lookup begun before the write kept, whatever it found.
    expect(await cache.find(token)).toBeNull();
  });

  it("looks a session up again once its second is over", async () => {
    const { token } = await signedInToken();
    const cache = createSessionCache(db, listening, 0);
    const first = await cache.find(token);
    const second = await cache.find(token);
    expect(second?.sessionId).toBe(first?.sessionId);
    expect(second).not.toBe(first);
  });

  it("drops the sessions of the user whose data changed, and keeps everyone else's", async () => {
    const writer = await signedInToken();
    const other = await signedInToken();
    const cache = createSessionCache(db, listening);
    const writerFound = await cache.find(writer.token);
    const otherFound = await cache.find(other.token);
    cache.forgetUser(writer.user.id);
    expect(await cache.find(other.token)).toBe(otherFound);
    const writerAgain = await cache.find(writer.token);
    expect(writerAgain?.sessionId).toBe(writer.sessionId);
    expect(writerAgain).not.toBe(writerFound);
  });

  it("keeps nothing while the change feed is not listening, and forgets everything when told", async () => {
    const { token } = await signedInToken();
    const feed = { isLive: false };
    const cache = createSessionCache(db, feed);
    const first = await cache.find(token);
    expect(await cache.find(token)).not.toBe(first);
    feed.isLive = true;
    const kept = await cache.find(token);
    expect(await cache.find(token)).toBe(kept);
    cache.forgetAll();
    expect(await cache.find(token)).not.toBe(kept);
  });
});
