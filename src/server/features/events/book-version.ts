import { eq, sql } from "drizzle-orm";
import type { Queryable } from "../../platform/db/client.ts";
import { preparedStatement } from "../../platform/db/prepared.ts";
import { bookVersions } from "../../platform/db/schema.ts";

/** The speaker's book version (see bookVersions in schema.ts); 0 before their first change. */
export async function findBookVersion(db: Queryable, userId: string): Promise<number> {
  const statement = preparedStatement(db, "book_version_find", (name) =>
    db
      .select({ version: bookVersions.version })
      .from(bookVersions)
      .where(eq(bookVersions.userId, sql.placeholder("userId")))
      .prepare(name),
  );
  const [row] = await statement.execute({ userId });
  return row?.version ?? 0;
}
