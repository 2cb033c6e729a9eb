import { useState } from "react";
import { formatLongDate } from "../../../../shared/calendar-dates.ts";
import type { Event } from "../../../../shared/schemas/events.ts";
import { isRealIsoDate } from "../../../../shared/schemas/fields.ts";
import { Button } from "../../../components/ui/button.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { describeError } from "../../../lib/api.ts";
import { toast } from "../../../lib/toast.ts";
import { useUpdateEvent } from "../../events/api/update-event.ts";

/** When the hold lapses (the sweep then releases it), changed or removed in place. */
export function HoldExpiryField({ event }: { event: Event }) {
  const update = useUpdateEvent();
  const [draft, setDraft] = useState(event.holdExpiresAt ?? "");
  const [error, setError] = useState<string | undefined>();

  const save = (holdExpiresAt: string | null) => {
    if (holdExpiresAt !== null && !isRealIsoDate(holdExpiresAt)) {
      setError("Choose a date, or keep the hold with no expiry");
      return;
    }
    setError(undefined);
    update.mutate(
      { id: event.id, changes: { holdExpiresAt } },
      {
        onSuccess: () => {
          setDraft(holdExpiresAt ?? "");
          toast({
            title: "Hold expiry saved",
            description: holdExpiresAt
              ? `The hold lapses on ${formatLongDate(holdExpiresAt)}.`
              : "The hold no longer expires.",
          });
        },
        onError: (failure) =>
          setError(describeError(failure, "Could not save the expiry. Please try again.")),
      },
    );
  };

  return (
    <form
      noValidate
      className="grid gap-2"
      onSubmit={(submitted) => {
        submitted.preventDefault();
        save(draft);
      }}
    >
      <p className="text-sm">
        {event.holdExpiresAt ? `Expires on ${formatLongDate(event.holdExpiresAt)}` : "No expiry"}
      </p>
      <FormField label="Hold expires on" error={error}>
        <Input type="date" value={draft} onChange={(change) => setDraft(change.target.value)} />
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" isLoading={update.isPending}>
          Save expiry
        </Button>
        {event.holdExpiresAt && (
          <Button variant="ghost" size="sm" disabled={update.isPending} onClick={() => save(null)}>
            No expiry
          </Button>
        )}
      </div>
    </form>
  );
}
