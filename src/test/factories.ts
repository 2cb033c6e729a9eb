import { randomBytes } from "node:crypto";
import { openFreshCheck } from "../server/platform/auth/fresh-check.ts";
import { hashPassword } from "../server/platform/auth/passwords.ts";
import { cookieNames } from "../server/platform/auth/plugin.ts";
import { createSession } from "../server/platform/auth/sessions.ts";
import type { Database } from "../server/platform/db/client.ts";
import { columns } from "../server/platform/db/columns.ts";
import { users } from "../server/platform/db/schema.ts";
import type { TestClient } from "./client.ts";

export const DEFAULT_PASSWORD = "Speaker!2026";

let passwordHash: Promise<string> | undefined;

/** A valid user; the password is DEFAULT_PASSWORD unless given (its hash is computed once per file). */
export async function createUser(
  db: Database,
  overrides: Partial<typeof users.$inferInsert> & { password?: string } = {},
) {
  const suffix = randomBytes(4).toString("hex");
  const { password, ...values } = overrides;
  passwordHash ??= hashPassword(DEFAULT_PASSWORD);
  const hash = password ? await hashPassword(password) : await passwordHash;
  const [user] = await db
    .insert(users)
    .values(
      columns(users, {
        username: `speaker_${suffix}`,
        email: `speaker_${suffix}@example.com`,
        passwordHash: hash,
        emailVerifiedAt: new Date(),
        ...values,
      }),
    )
    .returning();
  return user!;
}

/**
 * Signs a test client in as `user` by creating the session directly (no login call, no rate limit). With
 * `freshCheck`, the session has also just passed `POST /api/reauth`, as the web app does before an action
 * that needs it (changing the password or e-mail, payout, full exports, deleting the account).
 */
export async function signIn(
  client: TestClient,
  db: Database,
  user: { id: string },
  { freshCheck = false }: { freshCheck?: boolean } = {},
) {
  const { token, sessionId } = await createSession(db, { userId: user.id });
  if (freshCheck) await openFreshCheck(db, sessionId, new Date());
  client.jar.set(cookieNames(false).session, token);
  client.jar.delete("csrf-token");
}

/** Passes the fresh check (`POST /api/reauth` with the password) that changing the account's keys needs. */
export async function confirmIdentity(client: TestClient, password = DEFAULT_PASSWORD) {
  const response = await client.post("/api/reauth", { password });
  if (response.statusCode !== 200) throw new Error(`reauth failed: ${response.body}`);
}
