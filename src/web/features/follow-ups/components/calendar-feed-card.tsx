import { Copy, RefreshCw } from "lucide-react";
import { useId, useState } from "react";
import { ConfirmDialog } from "../../../components/ui/alert-dialog.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { ErrorState } from "../../../components/ui/error-state.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { describeError } from "../../../lib/api.ts";
import { toast } from "../../../lib/toast.ts";
import { useCan } from "../../auth/api/current-user.ts";
import { useCalendarFeed, useRotateCalendarFeed } from "../api/follow-ups.ts";

/** Account Settings → Calendar: the secret feed address, copy, and "Make a new link". */
export function CalendarFeedCard() {
  const query = useCalendarFeed();
  const rotate = useRotateCalendarFeed();
  const canChange = useCan("book");
  const [isConfirming, setIsConfirming] = useState(false);
  const id = useId();
  if (query.isError) {
    return (
      <ErrorState
        title="Could not load your calendar link"
        error={query.error}
        onRetry={() => query.refetch()}
      />
    );
  }
  const url = query.data?.url ?? "";

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: "Link copied", description: "Paste it into your calendar app as a subscription." });
    } catch {
      toast({
        title: "Your browser refused the clipboard",
        description: "Select the link and copy it instead.",
      });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Calendar feed</CardTitle>
        <CardDescription>
          Subscribe to this link in Google Calendar, Apple Calendar or Outlook to see every event that is not
          cancelled, with its status in the title. Keep it private: anyone with the link can read your events.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-1.5">
          <Label htmlFor={id}>Your calendar link</Label>
          <Input
            id={id}
            readOnly
            value={url}
            onFocus={(event) => event.target.select()}
            className="font-mono text-xs"
          />
        </div>
        <div className="flex flex-wrap gap-3">
          <Button onClick={copy} disabled={!url}>
            <Copy aria-hidden="true" />
            Copy link
          </Button>
          {canChange && (
            <Button variant="outline" onClick={() => setIsConfirming(true)} disabled={!url}>
              <RefreshCw aria-hidden="true" />
              Make a new link
            </Button>
          )}
        </div>
        <p className="text-sm text-muted-foreground">
          In Google Calendar: Other calendars → + → From URL. In Apple Calendar: File → New Calendar
          Subscription. Calendar apps refresh a subscription every few hours.
        </p>
      </CardContent>
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setIsConfirming}
        title="Make a new calendar link?"
        description="The current link stops working at once. Calendars subscribed to it stop updating until you subscribe to the new one."
        confirmLabel="Make a new link"
        isPending={rotate.isPending}
        onConfirm={() =>
          rotate.mutate(undefined, {
            onSuccess: () => {
              setIsConfirming(false);
              toast({ title: "New link made", description: "The old link no longer works." });
            },
            onError: (error) =>
              toast({
                title: "Could not make a new link",
                description: describeError(error, "Please try again."),
                variant: "destructive",
              }),
          })
        }
      />
    </Card>
  );
}
