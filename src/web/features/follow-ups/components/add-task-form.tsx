import { Plus } from "lucide-react";
import { useState } from "react";
import { createTaskSchema } from "../../../../shared/schemas/follow-ups.ts";
import { Button } from "../../../components/ui/button.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { describeError } from "../../../lib/api.ts";
import { fieldErrorsOf } from "../../../lib/form-errors.ts";
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
      setErrors(fieldErrorsOf(parsed.error));
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
    <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-3">
      <FormField label="New task" error={errors.title} className="min-w-[12rem] flex-1">
        <Input
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          placeholder="e.g. Send the slides"
        />
      </FormField>
      <FormField label="Due" error={errors.dueDate} className="w-full sm:w-44">
        <Input type="date" value={dueDate} onChange={(event) => setDueDate(event.target.value)} />
      </FormField>
      <Button type="submit" variant="outline" isLoading={create.isPending}>
        <Plus aria-hidden="true" />
        Add task
      </Button>
    </form>
  );
}
