import { AlarmClock, Check, Undo2 } from "lucide-react";
import { useId, useState } from "react";
import { addDays } from "../../../../shared/calendar-dates.ts";
import type { Task } from "../../../../shared/schemas/follow-ups.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { describeError } from "../../../lib/api.ts";
import { formatShortDate } from "../../../lib/format.ts";
import { toast } from "../../../lib/toast.ts";
import { useUpdateTask } from "../api/follow-ups.ts";

type TaskRef = Pick<Task, "id" | "title" | "dueDate"> & { done?: boolean };

const failed = (title: string) => (error: unknown) =>
  toast({ title, description: describeError(error, "Please try again."), variant: "destructive" });

/** Marks a task done, or undoes it (used on the dashboard and the event page). */
export function TaskDoneButton({ task }: { task: TaskRef }) {
  const update = useUpdateTask();
  const done = Boolean(task.done);
  return (
    <Button
      size="sm"
      variant={done ? "ghost" : "outline"}
      isLoading={update.isPending}
      aria-label={done ? `Undo ${task.title}` : `Mark ${task.title} done`}
      onClick={() =>
        update.mutate(
          { id: task.id, changes: { done: !done } },
          {
            onSuccess: () => toast({ title: done ? "Task reopened" : "Done", description: task.title }),
            onError: failed("Could not update the task"),
          },
        )
      }
    >
      {done ? <Undo2 aria-hidden="true" /> : <Check aria-hidden="true" />}
      {done ? "Undo" : "Done"}
    </Button>
  );
}

/** Moves a task to a new date: a button that opens a date field in place. */
export function TaskSnooze({ task, today }: { task: TaskRef; today: string }) {
  const update = useUpdateTask();
  const id = useId();
  const [date, setDate] = useState<string | null>(null);
  if (date === null) {
    return (
      <Button
        size="sm"
        variant="ghost"
        aria-label={`Snooze ${task.title}`}
        onClick={() => setDate(addDays(task.dueDate > today ? task.dueDate : today, 1))}
      >
        <AlarmClock aria-hidden="true" />
        Snooze
      </Button>
    );
  }
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    update.mutate(
      { id: task.id, changes: { dueDate: date } },
      {
        onSuccess: () => {
          setDate(null);
          toast({ title: "Snoozed", description: `${task.title} is now due ${formatShortDate(date)}.` });
        },
        onError: failed("Could not snooze the task"),
      },
    );
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-center gap-2">
      <Label htmlFor={id} className="sr-only">
        New date for {task.title}
      </Label>
      <Input
        id={id}
        type="date"
        required
        value={date}
        onChange={(event) => setDate(event.target.value)}
        className="h-8 w-40"
      />
      <Button size="sm" type="submit" isLoading={update.isPending}>
        Save date
      </Button>
      <Button size="sm" variant="ghost" type="button" onClick={() => setDate(null)}>
        Cancel
      </Button>
    </form>
  );
}
