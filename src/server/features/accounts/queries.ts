import { eq, sql } from "drizzle-orm";
import type { User } from "../../../shared/schemas/auth.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { columns } from "../../platform/db/columns.ts";
import { users } from "../../platform/db/schema.ts";

const accountColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  emailVerifiedAt: users.emailVerifiedAt,
  role: users.role,
  createdAt: users.createdAt,
};

export type AccountRow = Pick<
  typeof users.$inferSelect,
  "id" | "username" | "email" | "emailVerifiedAt" | "role" | "createdAt"
>;

/** The user object of the API (DESIGN §5): these six fields and never more. */
export function toPublicUser(row: AccountRow): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    emailVerified: row.emailVerifiedAt !== null,
    isAdmin: row.role === "admin",
    createdAt: row.createdAt.toISOString(),
  };
}

/** Usernames and e-mails are citext, so these lookups ignore case. */
export async function findUserByUsername(db: Queryable, username: string) {
  const [row] = await db
    .select({ ...accountColumns, passwordHash: users.passwordHash, disabledAt: users.disabledAt })
    .from(users)
    .where(eq(users.username, username));
  return row;
}

export async function findUserByEmail(db: Queryable, email: string) {
  const [row] = await db.select(accountColumns).from(users).where(eq(users.email, email));
  return row;
}

export async function findAccount(db: Queryable, userId: string) {
  const [row] = await db.select(accountColumns).from(users).where(eq(users.id, userId));
  return row;
}

export async function findPasswordHash(db: Queryable, userId: string) {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return row?.passwordHash;
}

/** Which of the two unique fields another account already holds, if any. */
export async function findTakenField(
  db: Queryable,
  { username, email }: { username?: string; email: string },
): Promise<"username" | "email" | null> {
  if (username !== undefined && (await findUserByUsername(db, username))) return "username";
  if (await findUserByEmail(db, email)) return "email";
  return null;
}

/** Inserts a user (never an admin), or returns undefined when the username or e-mail was taken meanwhile. */
export async function insertUser(
  db: Queryable,
  values: {
    username: string;
    email: string;
    passwordHash: string;
    trialDays: number;
  },
): Promise<AccountRow | undefined> {
  const { trialDays, ...account } = values;
  const [row] = await db
    .insert(users)
    .values(columns(users, { ...account, trialEndsAt: sql`now() + make_interval(days => ${trialDays})` }))
    .onConflictDoNothing()
    .returning(accountColumns);
  return row;
}

export async function setPasswordHash(db: Queryable, userId: string, passwordHash: string) {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

export async function markEmailVerified(db: Queryable, userId: string): Promise<AccountRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
    .where(eq(users.id, userId))
    .returning(accountColumns);
  return row;
}

/** Changes the e-mail to an address its link has just proven; undefined when another account holds it. */
export async function changeEmail(
  db: Queryable,
  userId: string,
  email: string,
): Promise<AccountRow | undefined> {
  try {
    const [row] = await db
      .update(users)
      .set({ email, emailVerifiedAt: sql`now()` })
      .where(eq(users.id, userId))
      .returning(accountColumns);
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
}

/** PostgreSQL's unique_violation, wherever the driver or Drizzle nests it. */
function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if ((current as { code?: string }).code === "23505") return true;
  }
  return false;
}
