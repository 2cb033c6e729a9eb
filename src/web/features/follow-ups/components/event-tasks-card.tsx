import { Mail, Trash2 } from "lucide-react";
import type { Event } from "../../../../shared/schemas/events.ts";
import type { Task } from "../../../../shared/schemas/follow-ups.ts";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { ErrorState } from "../../../components/ui/error-state.tsx";
import { describeError } from "../../../lib/api.ts";
import { cn } from "../../../lib/cn.ts";
import { formatShortDate } from "../../../lib/format.ts";
import { localToday } from "../../../lib/local-date.ts";
import { toast } from "../../../lib/toast.ts";
import { useDeleteTask, useEventTasks } from "../api/follow-ups.ts";
import { AddTaskForm } from "./add-task-form.tsx";
import { TaskDoneButton, TaskSnooze } from "./task-actions.tsx";

/** A mailto: link that starts the step's e-mail from its template, to the event's contact. */
function emailLink(task: Task, event: Event): string | null {
  const to = event.contactEmail ?? event.client?.email ?? null;
  if (!task.emailTemplate || !to) return null;
  const body = task.emailTemplate
    .replaceAll("{contact}", event.contactName ?? event.client?.name ?? "there")
    .replaceAll("{event}", event.title);
  const query = new URLSearchParams({ subject: `${task.title}: ${event.title}`, body });
  // URLSearchParams writes spaces as "+", which mail apps show literally.
  return `mailto:${encodeURIComponent(to)}?${query.toString().replaceAll("+", "%20")}`;
}

function TaskState({ task }: { task: Task }) {
  if (task.closedAt) return <Badge>Closed: the event is {task.event?.status ?? "off"}</Badge>;
  if (task.done) return <Badge variant="success">Done</Badge>;
  if (task.isOverdue) return <Badge variant="destructive">Overdue</Badge>;
  return null;
}

/** The event page's tasks: from the action list and by hand, with done, undo, snooze and delete. */
export function EventTasksCard({ event }: { event: Event }) {
  const query = useEventTasks(event.id);
  const remove = useDeleteTask();
  const today = localToday();
  const tasks = query.data?.items ?? [];
  const openCount = tasks.filter((task) => !task.done && !task.closedAt).length;

  return (
    <Card id="tasks" className="scroll-mt-6">
      <CardHeader>
        <div className="flex items-baseline justify-between gap-2">
          <CardTitle className="text-base">Tasks</CardTitle>
          {openCount > 0 && <span className="text-sm text-muted-foreground">{openCount} open</span>}
        </div>
        <CardDescription>
          Steps from your action list appear as the event moves along; add your own too.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {query.isError ? (
          <ErrorState title="Could not load the tasks" error={query.error} onRetry={() => query.refetch()} />
        ) : tasks.length === 0 ? (
          query.isPending ? null : (
            <p className="text-sm text-muted-foreground">No tasks yet for this event.</p>
          )
        ) : (
          <ul className="divide-y divide-border rounded-md border border-border">
            {tasks.map((task) => {
              const mail = emailLink(task, event);
              const isOpen = !task.done && !task.closedAt;
              return (
                <li key={task.id} className="grid gap-2 p-3">
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <p className={cn("text-sm font-medium", !isOpen && "text-muted-foreground line-through")}>
                      {task.title}
                    </p>
                    <span className="text-sm text-muted-foreground">due {formatShortDate(task.dueDate)}</span>
                    <TaskState task={task} />
                  </div>
                  <div className="flex flex-wrap items-center gap-2">
                    {!task.closedAt && <TaskDoneButton task={task} />}
                    {isOpen && <TaskSnooze task={task} today={today} />}
                    {isOpen && mail && (
                      <Button asChild size="sm" variant="ghost">
                        <a href={mail}>
                          <Mail aria-hidden="true" />
                          Write the e-mail
                        </a>
                      </Button>
                    )}
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Delete ${task.title}`}
                      onClick={() =>
                        remove.mutate(task.id, {
                          onSuccess: () => toast({ title: "Task deleted", description: task.title }),
                          onError: (error) =>
                            toast({
                              title: "Could not delete the task",
                              description: describeError(error, "Please try again."),
                              variant: "destructive",
                            }),
                        })
                      }
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
        <AddTaskForm eventId={event.id} today={today} />
      </CardContent>
    </Card>
  );
}
