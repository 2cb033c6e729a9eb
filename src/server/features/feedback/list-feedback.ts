import { desc, eq } from "drizzle-orm";
import type { FeedbackItem } from "../../../shared/schemas/feedback.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { newestFirst } from "../../platform/db/newest-first.ts";
import { feedback, users } from "../../platform/db/schema.ts";

/** Every speaker's feedback, newest first, for admins: the one read of feedback not scoped to its author. */
export async function listFeedback(db: Queryable, query: { limit: number; cursor?: string }) {
  const paging = newestFirst(feedback, query.cursor);
  const rows = await db
    .select({
      id: feedback.id,
      category: feedback.category,
      message: feedback.message,
      rating: feedback.rating,
      page: feedback.page,
      createdAt: feedback.createdAt,
      user: { id: users.id, username: users.username, email: users.email },
    })
    .from(feedback)
    .innerJoin(users, eq(users.id, feedback.userId))
    .where(paging.where)
    .orderBy(desc(feedback.createdAt), desc(feedback.id))
    .limit(query.limit + 1);
  return paging.page(
    rows,
    query.limit,
    (row): FeedbackItem => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
    }),
  );
}
