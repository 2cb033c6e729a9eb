import { useState } from "react";
import type { Event } from "../../../../shared/schemas/events.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
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
import { toast } from "../../../lib/toast.ts";
import { useRequestTestimonial } from "../api/testimonials.ts";

/** On a completed talk's page: "Ask for a testimonial", e-mailing the planner the `/t/<token>` form. */
export function TestimonialRequestCard({ event }: { event: Pick<Event, "id" | "title" | "contactEmail"> }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Testimonial</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p className="text-sm text-muted-foreground">
          Ask the planner for a rating and a sentence or two while the talk is fresh.
        </p>
        <Button variant="outline" onClick={() => setIsOpen(true)}>
          Ask for a testimonial
        </Button>
      </CardContent>
      {isOpen && <RequestDialog event={event} onClose={() => setIsOpen(false)} />}
    </Card>
  );
}

function RequestDialog({
  event,
  onClose,
}: {
  event: Pick<Event, "id" | "title" | "contactEmail">;
  onClose: () => void;
}) {
  const request = useRequestTestimonial();
  const [to, setTo] = useState(event.contactEmail ?? "");
  const send = (submitted: React.FormEvent) => {
    submitted.preventDefault();
    request.mutate(
      { eventId: event.id, to: to.trim() || undefined },
      {
        onSuccess: (sent) => {
          onClose();
          toast({ title: "Testimonial requested", description: `Sent to ${sent.sentTo}.` });
        },
      },
    );
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Ask for a testimonial</DialogTitle>
          <DialogDescription>
            The planner of "{event.title}" gets an e-mail with a short form: a rating, a quote, permission to
            publish it, and colleagues who book speakers. The link works for 90 days.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={send} noValidate className="grid gap-4">
          <FormField label="Send to">
            <Input type="email" value={to} autoComplete="off" onChange={(e) => setTo(e.target.value)} />
          </FormField>
          {request.isError && (
            <p role="alert" className="rounded-md bg-destructive-soft p-3 text-sm text-destructive">
              {describeError(request.error, "Could not send. Please try again.")}
            </p>
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" isLoading={request.isPending}>
              Send the request
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
