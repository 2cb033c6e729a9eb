import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../test/database.ts";
import { createUser } from "../../../test/factories.ts";
import { createSessionCache } from "./session-cache.ts";
import { createSession, deleteSession } from "./sessions.ts";

const handle = await createTestDatabase();
const { db } = handle;
afterAll(() => handle.close());

async function signedInToken() {
  const user = await createUser(db);
  const { token, sessionId } = await createSession(db, { userId: user.id });
  return { user, token, sessionId };
}

describe("the session cache of signed-in reads", () => {
  it("answers reads that miss together with one lookup, which later reads within the second reuse", async () => {
    const { user, token } = await signedInToken();
    const cache = createSessionCache(db);
    const found = await Promise.all(Array.from({ length: 20 }, () => cache.find(token)));
    expect(found[0]?.user.id).toBe(user.id);
    // One lookup answers them all: the very same object, where separate lookups would each build their own.
    for (const each of found) expect(each).toBe(found[0]);
    expect(await cache.find(token)).toBe(found[0]);
  });

  it("does not let a read after a write join a lookup that began before it", async () => {
    const { token, sessionId } = await signedInToken();
    const cache = createSessionCache(db);
    const before = cache.find(token);
    await deleteSession(db, sessionId);
    cache.forget();
    expect(await cache.find(token)).toBeNull();
    await before;
    // Nor is the lookup begun before the write kept, whatever it found.
    expect(await cache.find(token)).toBeNull();
  });

  it("looks a session up again once its second is over", async () => {
    const { token } = await signedInToken();
    const cache = createSessionCache(db, 0);
    const first = await cache.find(token);
    const second = await cache.find(token);
    expect(second?.sessionId).toBe(first?.sessionId);
    expect(second).not.toBe(first);
  });
});
