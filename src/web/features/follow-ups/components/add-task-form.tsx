import { Plus } from "lucide-react";
import { useState } from "react";
import { createTaskSchema } from "../../../../shared/schemas/follow-ups.ts";
import { Button } from "../../../components/ui/button.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { describeError } from "../../../lib/api.ts";
import { toast } from "../../../lib/toast.ts";
import { useCreateTask } from "../api/follow-ups.ts";

/** A task written by hand: for an event (its page) or for none (the dashboard). */
export function AddTaskForm({ eventId, today }: { eventId?: string; today: string }) {
  const create = useCreateTask();
  const [title, setTitle] = useState("");
  const [dueDate, setDueDate] = useState(today);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = createTaskSchema.safeParse({ title, dueDate, eventId });
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])),
      );
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: () => {
        setTitle("");
        toast({ title: "Task added", description: parsed.data.title });
      },
      onError: (error) =>
        toast({
          title: "Could not add the task",
          description: describeError(error, "Please try again."),
          variant: "destructive",
        }),
    });
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-[1fr_11rem_auto] sm:items-start">
      <FormField label="New task" error={errors.title}>
        <Input
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          placeholder="e.g. Send the slides"
        />
      </FormField>
      <FormField label="Due" error={errors.dueDate}>
        <Input type="date" value={dueDate} onChange={(event) => setDueDate(event.target.value)} />
      </FormField>
      <Button type="submit" variant="outline" isLoading={create.isPending} className="sm:mt-6">
        <Plus aria-hidden="true" />
        Add task
      </Button>
    </form>
  );
}
