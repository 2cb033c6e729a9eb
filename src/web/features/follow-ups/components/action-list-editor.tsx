import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { EVENT_STATUS_LABELS, EVENT_STATUSES } from "../../../../shared/schemas/event-status.ts";
import {
  type ActionAnchor,
  type ActionListItem,
  actionListInputSchema,
} from "../../../../shared/schemas/follow-ups.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Select } from "../../../components/ui/select.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { describeError } from "../../../lib/api.ts";
import { toast } from "../../../lib/toast.ts";
import { useActionList, useSaveActionList } from "../api/follow-ups.ts";

type Step = {
  key: string;
  id?: string;
  title: string;
  anchor: ActionAnchor;
  status: string;
  offset: string;
  template: string;
  automatic: boolean;
  sends: ActionListItem["sends"];
};

const toStep = (item: ActionListItem): Step => ({
  key: item.id,
  id: item.id,
  title: item.title,
  anchor: item.anchor,
  status: item.status ?? "",
  offset: String(item.offsetDays),
  template: item.emailTemplate ?? "",
  automatic: item.automatic,
  sends: item.sends,
});

const blankStep = (): Step => ({
  key: crypto.randomUUID(),
  title: "",
  anchor: "event_date",
  status: "confirmed",
  offset: "0",
  template: "",
  automatic: false,
  sends: null,
});

/** "28 days before the event date", "1 day after it becomes Hold", for the step's heading. */
function describeTiming(step: Step): string {
  const days = Number(step.offset);
  const count = `${Math.abs(days)} day${Math.abs(days) === 1 ? "" : "s"}`;
  const status = EVENT_STATUS_LABELS[step.status as keyof typeof EVENT_STATUS_LABELS];
  if (step.anchor === "status_change") {
    const when = days === 0 ? "When" : `${count} after`;
    return `${when} it becomes ${status ?? "…"}`;
  }
  const when = days === 0 ? "On the event date" : `${count} ${days < 0 ? "before" : "after"} the event date`;
  return status ? `${when}, once ${status}` : when;
}

/** Account Settings → Follow-ups: the action list, step by step (title, timing, status, e-mail template). */
export function ActionListEditor() {
  const query = useActionList();
  const save = useSaveActionList();
  const [steps, setSteps] = useState<Step[] | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (query.data && !steps) setSteps(query.data.items.map(toStep));
  }, [query.data, steps]);
  if (!steps) return null;

  const change = (index: number, patch: Partial<Step>) =>
    setSteps(steps.map((step, at) => (at === index ? { ...step, ...patch } : step)));
  const move = (index: number, by: number) => {
    const next = [...steps];
    const [step] = next.splice(index, 1);
    next.splice(index + by, 0, step!);
    setSteps(next);
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = actionListInputSchema.safeParse({
      items: steps.map((step) => ({
        id: step.id,
        title: step.title,
        anchor: step.anchor,
        status: step.status || null,
        offsetDays: Number(step.offset),
        emailTemplate: step.template,
        automatic: step.automatic && Boolean(step.sends || step.template.trim()),
        sends: step.sends,
      })),
    });
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(
          parsed.error.issues.map((issue) => [issue.path.slice(1).join("."), issue.message]),
        ),
      );
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: (list) => {
        setSteps(list.items.map(toStep));
        toast({ title: "Action list saved", description: "New tasks follow it from now on." });
      },
      onError: (error) =>
        toast({
          title: "Could not save the action list",
          description: describeError(error, "Please try again."),
          variant: "destructive",
        }),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Action list</CardTitle>
        <CardDescription>
          The steps each booking goes through. When an event reaches a step's status, its task appears on the
          event and on your dashboard, timed from that moment or from the event date.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <ol className="grid gap-4">
            {steps.map((step, index) => (
              <li key={step.key} className="grid gap-3 rounded-md border border-border p-3 sm:p-4">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="text-sm font-medium text-muted-foreground">
                    Step {index + 1} · {describeTiming(step)}
                  </p>
                  <div className="flex gap-1">
                    <Button
                      type="button"
                      size="sm"
                      variant="ghost"
                      aria-label={`Move step ${index + 1} up`}
                      disabled={index === 0}
                      onClick={() => move(index, -1)}
                    >
                      <ArrowUp aria-hidden="true" />
                    </Button>
                    <Button
                      type="button"
                      size="sm"
                      variant="ghost"
                      aria-label={`Move step ${index + 1} down`}
                      disabled={index === steps.length - 1}
                      onClick={() => move(index, 1)}
                    >
                      <ArrowDown aria-hidden="true" />
                    </Button>
                    <Button
                      type="button"
                      size="sm"
                      variant="ghost"
                      aria-label={`Remove step ${index + 1}`}
                      onClick={() => setSteps(steps.filter((_, at) => at !== index))}
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </div>
                </div>
                <FormField label="Title" error={errors[`${index}.title`]}>
                  <Input
                    value={step.title}
                    onChange={(event) => change(index, { title: event.target.value })}
                  />
                </FormField>
                <div className="grid gap-3 sm:grid-cols-3">
                  <FormField label="Timed from">
                    <Select
                      value={step.anchor}
                      onChange={(event) => change(index, { anchor: event.target.value as ActionAnchor })}
                    >
                      <option value="event_date">The event date</option>
                      <option value="status_change">A status change</option>
                    </Select>
                  </FormField>
                  <FormField label="Status" error={errors[`${index}.status`]}>
                    <Select
                      value={step.status}
                      onChange={(event) => change(index, { status: event.target.value })}
                    >
                      {step.anchor === "event_date" && <option value="">Any open status</option>}
                      {EVENT_STATUSES.map((status) => (
                        <option key={status} value={status}>
                          {EVENT_STATUS_LABELS[status]}
                        </option>
                      ))}
                    </Select>
                  </FormField>
                  <FormField label="Days (− before, + after)" error={errors[`${index}.offsetDays`]}>
                    <Input
                      type="number"
                      inputMode="numeric"
                      value={step.offset}
                      onChange={(event) => change(index, { offset: event.target.value })}
                    />
                  </FormField>
                </div>
                {step.sends === "testimonial_request" ? (
                  <p className="rounded-md bg-muted p-3 text-sm">
                    Sends the planner the testimonial form: a rating, a quote, permission to publish, and
                    colleagues who book speakers.
                  </p>
                ) : (
                  <FormField
                    label="E-mail template (optional)"
                    error={errors[`${index}.emailTemplate`]}
                    description="{contact} and {event} are filled in when you write the e-mail from the task."
                  >
                    <Textarea
                      rows={3}
                      value={step.template}
                      onChange={(event) => change(index, { template: event.target.value })}
                    />
                  </FormField>
                )}
                {(step.sends || step.template.trim()) && (
                  <label className="flex items-start gap-2 text-sm">
                    <input
                      type="checkbox"
                      className="mt-0.5 size-4 shrink-0 accent-primary"
                      checked={step.automatic}
                      onChange={(event) => change(index, { automatic: event.target.checked })}
                    />
                    <span>
                      Send it by itself on the day
                      <span className="block text-muted-foreground">
                        The e-mail goes to the event's contact on the due date, once, and the task is marked
                        done.
                      </span>
                    </span>
                  </label>
                )}
              </li>
            ))}
          </ol>
          {steps.length === 0 && (
            <p className="text-sm text-muted-foreground">No steps: events will not create tasks.</p>
          )}
          <div className="flex flex-wrap gap-3">
            <Button type="button" variant="outline" onClick={() => setSteps([...steps, blankStep()])}>
              <Plus aria-hidden="true" />
              Add a step
            </Button>
            <Button type="submit" isLoading={save.isPending}>
              Save action list
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
