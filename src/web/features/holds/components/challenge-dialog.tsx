import { useState } from "react";
import { addDays, formatLongDate } from "../../../../shared/calendar-dates.ts";
import { CHALLENGE_DEFAULT_DAYS } from "../../../../shared/schemas/holds.ts";
import { Button } from "../../../components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { describeError } from "../../../lib/api.ts";
import { localToday } from "../../../lib/local-date.ts";
import { toast } from "../../../lib/toast.ts";
import { useChallengeFirstHold } from "../api/holds.ts";

type ChallengeDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The first hold of the date, whose contact is asked. */
  firstHold: { id: string; title: string; date: string };
};

/** "Ask first hold to decide": e-mails the first hold's contact a link to confirm or release by a deadline. */
export function ChallengeDialog({ open, onOpenChange, firstHold }: ChallengeDialogProps) {
  const challenge = useChallengeFirstHold();
  // The answer must come by the talk itself, when that is sooner than the usual few days.
  const [deadline, setDeadline] = useState(() => {
    const usual = addDays(localToday(), CHALLENGE_DEFAULT_DAYS);
    return firstHold.date < usual ? firstHold.date : usual;
  });

  const send = (submitted: React.FormEvent) => {
    submitted.preventDefault();
    challenge.mutate(
      { id: firstHold.id, deadline },
      {
        onSuccess: (sent) => {
          onOpenChange(false);
          toast({
            title: "First hold asked to decide",
            description: `Sent to ${sent.sentTo}, to answer by ${formatLongDate(sent.deadline)}.`,
          });
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(isOpen) => {
        if (!isOpen) challenge.reset();
        onOpenChange(isOpen);
      }}
    >
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Ask first hold to decide</DialogTitle>
          <DialogDescription>
            The contact of "{firstHold.title}" gets an e-mail with a link to confirm their interest or release
            the date. No answer by the deadline puts an item on your action list; the hold is never released
            by itself.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={send} noValidate className="grid gap-4">
          <FormField label="Answer by">
            <Input
              type="date"
              value={deadline}
              min={localToday()}
              onChange={(e) => setDeadline(e.target.value)}
            />
          </FormField>
          {challenge.isError && (
            <p role="alert" className="rounded-md bg-destructive-soft p-3 text-sm text-destructive">
              {describeError(challenge.error, "Could not send. Please try again.")}
            </p>
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" isLoading={challenge.isPending}>
              Send the question
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
