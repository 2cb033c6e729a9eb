import { FEEDBACK_CATEGORY_LABELS } from "../../../../shared/schemas/feedback.ts";
import { Badge } from "../../../components/ui/badge.tsx";
import { Card, CardContent } from "../../../components/ui/card.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { formatInstant } from "../../../lib/format.ts";
import { useAdminFeedback } from "../api/admin.ts";
import { LoadMore } from "./load-more.tsx";

/** What speakers wrote on /feedback, newest first. */
export function FeedbackTab() {
  const feedback = useAdminFeedback();
  if (feedback.isPending) return <Spinner label="Loading feedback" className="size-6 text-primary" />;
  if (feedback.isError)
    return (
      <p role="alert" className="text-destructive">
        {feedback.error.message}
      </p>
    );
  const items = feedback.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return <p className="text-muted-foreground">No feedback yet.</p>;
  return (
    <div className="grid gap-4">
      <ul aria-label="Feedback" className="grid gap-3">
        {items.map((item) => (
          <li key={item.id}>
            <Card>
              <CardContent className="grid gap-2 pt-5 sm:pt-6">
                <div className="flex flex-wrap items-center gap-2 text-sm">
                  <Badge variant={item.category === "problem" ? "warning" : "primary"}>
                    {FEEDBACK_CATEGORY_LABELS[item.category]}
                  </Badge>
                  {item.rating && (
                    <span>
                      <span aria-hidden="true">{"★".repeat(item.rating)}</span>
                      <span className="sr-only">Rated {item.rating} of 5</span>
                    </span>
                  )}
                  <span className="font-medium">{item.user.username}</span>
                  <a
                    className="text-primary underline-offset-2 hover:underline"
                    href={`mailto:${item.user.email}`}
                  >
                    {item.user.email}
                  </a>
                </div>
                <p className="whitespace-pre-wrap [overflow-wrap:anywhere]">{item.message}</p>
                <p className="text-xs text-muted-foreground">
                  {formatInstant(item.createdAt)}
                  {item.page && ` · from ${item.page}`}
                </p>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
      <LoadMore pages={feedback} />
    </div>
  );
}
