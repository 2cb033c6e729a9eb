import {
  CalendarClock,
  ChevronRight,
  Circle,
  CircleCheckBig,
  ClipboardCheck,
  Hourglass,
  type LucideIcon,
  MailPlus,
  MapPin,
  MessageCircle,
  PartyPopper,
  ReceiptText,
} from "lucide-react";
import { Link } from "react-router";
import type { ActionItem, ActionItemKind } from "../../../../shared/schemas/dashboard.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { describeError } from "../../../lib/api.ts";
import { formatShortDate } from "../../../lib/format.ts";
import { toast } from "../../../lib/toast.ts";
import { useCan } from "../../auth/api/current-user.ts";
import { useUpdateEvent } from "../../events/api/update-event.ts";
import { AddTaskForm } from "../../follow-ups/components/add-task-form.tsx";
import { TaskDoneButton, TaskSnooze } from "../../follow-ups/components/task-actions.tsx";

const KIND_ICONS: Record<ActionItemKind, LucideIcon> = {
  task: ClipboardCheck,
  "mark-completed": CircleCheckBig,
  "add-contact-email": MailPlus,
  "follow-up": MessageCircle,
  "add-venue-address": MapPin,
  "invoice-overdue": ReceiptText,
  "hold-expiring": Hourglass,
  "hold-challenge-unanswered": CalendarClock,
};

/** A passed talk can be marked completed right here; every other item links to the event to fix. */
function MarkCompletedButton({ item }: { item: ActionItem }) {
  const update = useUpdateEvent();
  return (
    <Button
      size="sm"
      variant="outline"
      isLoading={update.isPending}
      aria-label={`Mark ${item.title} completed`}
      onClick={() =>
        update.mutate(
          { id: item.eventId ?? "", changes: { status: "completed" } },
          {
            onSuccess: () =>
              toast({ title: "Marked completed", description: `"${item.title}" is now Completed.` }),
            onError: (error) =>
              toast({
                title: "Could not mark it completed",
                description: describeError(error, "Please try again."),
                variant: "destructive",
              }),
          },
        )
      }
    >
      Mark completed
    </Button>
  );
}

const linkLabel = (item: ActionItem) =>
  item.kind === "invoice-overdue"
    ? "Open invoice"
    : item.kind === "task"
      ? "Open the event's tasks"
      : "Open event";

/**
 * What needs doing, as a checklist; each item says what to do and links to the event where it is done. A team
 * member whose role reads the book (a bookkeeper, a viewer) sees the list without the buttons that change it.
 */
export function ActionItemsCard({ items, today }: { items: ActionItem[]; today: string }) {
  const canChangeBook = useCan("book");
  return (
    <Card>
      <CardHeader>
        <div className="flex items-baseline justify-between gap-2">
          <CardTitle>Action items</CardTitle>
          {items.length > 0 && (
            <span className="text-sm font-medium text-muted-foreground">{items.length} to do</span>
          )}
        </div>
        <CardDescription>
          Your tasks due today or overdue, then loose ends in your bookings, each with the page where it is
          done.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {items.length === 0 ? (
          <p className="flex items-center gap-3 rounded-md bg-success-soft p-4 text-sm text-success">
            <PartyPopper aria-hidden="true" className="size-5 shrink-0" />
            Nothing needs your attention. Every booking is up to date.
          </p>
        ) : (
          <ul className="divide-y divide-border rounded-md border border-border">
            {items.map((item) => {
              const Icon = KIND_ICONS[item.kind];
              return (
                <li
                  key={`${item.kind}-${item.taskId ?? item.invoiceId ?? item.eventId}`}
                  className="grid gap-2 p-3"
                >
                  <div className="flex min-w-0 flex-1 gap-3">
                    <Circle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-input" />
                    <div className="grid min-w-0 gap-0.5">
                      <p className="text-sm font-medium">
                        <span className="sr-only">To do: </span>
                        {item.message}
                      </p>
                      <p className="flex min-w-0 items-center gap-1.5 text-sm text-muted-foreground">
                        <Icon aria-hidden="true" className="size-3.5 shrink-0" />
                        <span className="truncate">
                          {item.kind === "task" && (item.date < today ? "Overdue · " : "Due today · ")}
                          {item.title} · {formatShortDate(item.date)}
                        </span>
                      </p>
                    </div>
                  </div>
                  <div className="flex flex-wrap items-center gap-x-4 gap-y-2 pl-8">
                    {item.kind === "mark-completed" && canChangeBook && <MarkCompletedButton item={item} />}
                    {item.taskId && canChangeBook && (
                      <>
                        <TaskDoneButton task={{ id: item.taskId, title: item.message, dueDate: item.date }} />
                        <TaskSnooze
                          task={{ id: item.taskId, title: item.message, dueDate: item.date }}
                          today={today}
                        />
                      </>
                    )}
                    {item.href !== "/" && (
                      <Link
                        to={item.href}
                        aria-label={`${linkLabel(item)}: ${item.kind === "task" ? item.message : item.title}`}
                        className="inline-flex items-center gap-0.5 rounded-sm text-sm font-medium text-primary hover:underline"
                      >
                        {linkLabel(item)}
                        <ChevronRight aria-hidden="true" className="size-4" />
                      </Link>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
        {canChangeBook && <AddTaskForm today={today} />}
      </CardContent>
    </Card>
  );
}
