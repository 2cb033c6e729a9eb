import { useState } from "react";
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
import { Textarea } from "../../../components/ui/textarea.tsx";
import { ApiError, describeError } from "../../../lib/api.ts";
import { toast } from "../../../lib/toast.ts";
import { useSendQuestionnaire } from "../api/questionnaires.ts";

type SendQuestionnaireDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  event: { id: string; contactEmail: string | null };
};

/** Sends the questionnaire on its own: a link to `/q/<token>` e-mailed to the planner. */
export function SendQuestionnaireDialog({ open, onOpenChange, event }: SendQuestionnaireDialogProps) {
  const send = useSendQuestionnaire(event.id);
  const [to, setTo] = useState(event.contactEmail ?? "");
  const [message, setMessage] = useState("");
  const fieldError = send.error instanceof ApiError ? send.error.fields : {};

  const submit = (submitted: React.FormEvent) => {
    submitted.preventDefault();
    send.mutate(
      { to: to.trim() || undefined, message: message.trim() || undefined },
      {
        onSuccess: () => {
          onOpenChange(false);
          toast({ title: "Questionnaire sent", description: `Sent to ${to.trim() || event.contactEmail}.` });
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(isOpen) => {
        if (!isOpen) send.reset();
        onOpenChange(isOpen);
      }}
    >
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Send the questionnaire</DialogTitle>
          <DialogDescription>
            The planner gets a link to your questions. Their answers fill the event's empty fields; where the
            event already says something else, you choose.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <FormField label="To" error={fieldError.to}>
            <Input type="email" value={to} onChange={(e) => setTo(e.target.value)} autoComplete="off" />
          </FormField>
          <FormField label="Message (optional)" error={fieldError.message}>
            <Textarea
              rows={3}
              maxLength={2000}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
            />
          </FormField>
          {send.isError && !fieldError.to && (
            <p role="alert" className="rounded-md bg-destructive-soft p-3 text-sm text-destructive">
              {describeError(send.error, "Could not send. Please try again.")}
            </p>
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" isLoading={send.isPending}>
              Send
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
