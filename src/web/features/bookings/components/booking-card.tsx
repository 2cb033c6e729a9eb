import { Check, Copy } from "lucide-react";
import { useState } from "react";
import { ConfirmDialog } from "../../../components/ui/alert-dialog.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { describeError } from "../../../lib/api.ts";
import { formatDollars } from "../../../lib/money.ts";
import { toast } from "../../../lib/toast.ts";
import { formatDateTime } from "../../contracts/components/format-time.ts";
import { useEventBooking, useReissueBooking, useRevokeBooking, useSendBooking } from "../api/bookings.ts";
import { BOOKING_STEP_LABELS, PROGRESS_STEPS } from "./booking-steps.ts";
import { SendBookingDialog } from "./send-booking-dialog.tsx";

/** A step's time, short enough for the side column: "Nov 27, 3:21 AM". */
const formatStepTime = (iso: string) =>
  new Date(iso).toLocaleString("en-US", {
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });

const failed = (title: string) => (error: Error) =>
  toast({ title, description: describeError(error, "Please try again."), variant: "destructive" });

/**
 * The event page's booking card: "Send booking link" before there is one; then the steps (sent, opened,
 * signed, deposit paid, confirmed) with their times, the link to copy when it was just made, Revoke and
 * Re-issue (a new link; the old one answers 404).
 */
export function BookingCard({ event }: { event: { id: string; title: string } }) {
  const query = useEventBooking(event.id);
  const revoke = useRevokeBooking();
  const reissue = useReissueBooking();
  const revise = useSendBooking();
  const [isSending, setIsSending] = useState(false);
  const [confirming, setConfirming] = useState<"revoke" | "reissue" | null>(null);
  // The link is answered once (send, re-issue); it stays here for copying while the page is open.
  const [url, setUrl] = useState<string | null>(null);
  const booking = query.data;

  const act = () => {
    if (confirming === "revoke") {
      revoke.mutate(event.id, {
        onSuccess: () => {
          setUrl(null);
          toast({ title: "Booking link revoked", description: "The link no longer opens." });
        },
        onError: failed("Could not revoke the link"),
        onSettled: () => setConfirming(null),
      });
    } else {
      reissue.mutate(event.id, {
        onSuccess: (reissued) => {
          setUrl(reissued.url);
          toast({
            title: "New booking link",
            description: "Copy it for the planner; the old one no longer opens.",
          });
        },
        onError: failed("Could not re-issue the link"),
        onSettled: () => setConfirming(null),
      });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center justify-between gap-2 text-base">
          Booking link
          {booking && (
            <Badge
              variant={
                booking.status === "confirmed"
                  ? "success"
                  : booking.status === "revoked"
                    ? "neutral"
                    : "primary"
              }
            >
              {BOOKING_STEP_LABELS[booking.status]}
            </Badge>
          )}
        </CardTitle>
        <CardDescription>
          {booking
            ? `Sent to ${booking.recipientEmail}. Opened ${booking.viewCount} ${booking.viewCount === 1 ? "time" : "times"}.`
            : "One link for the planner to sign the agreement, pay the deposit and find your materials. The event confirms itself when both are done."}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {query.isPending ? (
          <p className="text-sm text-muted-foreground">Loading…</p>
        ) : query.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {describeError(query.error, "Could not load the booking.")}
          </p>
        ) : !booking ? (
          <Button className="justify-self-start" onClick={() => setIsSending(true)}>
            Send booking link
          </Button>
        ) : (
          <>
            <ol aria-label="Booking steps" className="grid gap-2">
              {PROGRESS_STEPS.map((step) => {
                const at = booking.steps.find((reached) => reached.step === step)?.at ?? null;
                return (
                  <li key={step} className="flex items-center justify-between gap-3 text-sm">
                    <span className="flex shrink-0 items-center gap-2 whitespace-nowrap">
                      <span
                        aria-hidden="true"
                        className={`flex size-5 items-center justify-center rounded-full ${at ? "bg-success text-white" : "border border-border"}`}
                      >
                        {at && <Check className="size-3.5" />}
                      </span>
                      <span className={at ? "font-medium" : "text-muted-foreground"}>
                        {BOOKING_STEP_LABELS[step]}
                      </span>
                    </span>
                    <span className="text-right text-muted-foreground">{at ? formatStepTime(at) : "—"}</span>
                  </li>
                );
              })}
            </ol>
            {booking.status === "revoked" ? (
              <p className="text-sm text-muted-foreground">
                The link was revoked and no longer opens. Re-issue it to give the planner a new one.
              </p>
            ) : (
              <p className="text-sm text-muted-foreground">
                Works until {formatDateTime(booking.expiresAt)}.
              </p>
            )}
            {booking.isAgreementOutOfDate && (
              <div
                role="status"
                className="grid gap-2 rounded-md border border-warning/30 bg-warning-soft p-3 text-sm"
              >
                <p>
                  <span className="font-medium">The booking's agreement is out of date.</span> It says a
                  speaking fee of {formatDollars(booking.agreedFee)}
                  {booking.agreedTravelFee
                    ? ` and a travel fee of ${formatDollars(booking.agreedTravelFee)}`
                    : ""}
                  ; the event's fees changed since. The planner's page shows the agreed figures until you send
                  the revision.
                </p>
                <Button
                  size="sm"
                  className="justify-self-start"
                  disabled={revise.isPending}
                  onClick={() =>
                    revise.mutate(
                      { eventId: event.id },
                      {
                        onSuccess: () =>
                          toast({
                            title: "Revised agreement sent",
                            description: "The planner finds it on the same link, with the new figures.",
                          }),
                        onError: failed("Could not send the revised agreement"),
                      },
                    )
                  }
                >
                  {revise.isPending ? "Sending…" : "Send the revised agreement"}
                </Button>
              </div>
            )}
            {url && (
              <div className="grid gap-1.5">
                <span className="text-sm font-medium">The link</span>
                <div className="flex gap-2">
                  <input
                    readOnly
                    value={url}
                    aria-label="Booking link"
                    className="min-w-0 flex-1 rounded-md border border-border bg-muted px-2 py-1.5 text-sm"
                    onFocus={(e) => e.target.select()}
                  />
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() =>
                      navigator.clipboard
                        .writeText(url)
                        .then(() => toast({ title: "Link copied" }))
                        .catch(() =>
                          toast({ title: "Could not copy", description: "Select the link and copy it." }),
                        )
                    }
                  >
                    <Copy aria-hidden="true" className="size-4" />
                    Copy
                  </Button>
                </div>
              </div>
            )}
            <div className="flex flex-wrap gap-2">
              {booking.status !== "revoked" && (
                <Button variant="outline" size="sm" onClick={() => setIsSending(true)}>
                  Send again
                </Button>
              )}
              <Button variant="outline" size="sm" onClick={() => setConfirming("reissue")}>
                Re-issue
              </Button>
              {booking.status !== "revoked" && (
                <Button variant="outline" size="sm" onClick={() => setConfirming("revoke")}>
                  Revoke
                </Button>
              )}
            </div>
          </>
        )}
      </CardContent>
      {isSending && (
        <SendBookingDialog open={isSending} onOpenChange={setIsSending} event={event} onSent={setUrl} />
      )}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(isOpen) => !isOpen && setConfirming(null)}
        title={confirming === "revoke" ? "Revoke the booking link?" : "Re-issue the booking link?"}
        description={
          confirming === "revoke"
            ? "The planner's link stops working at once. What was signed and paid stays."
            : "You get a new link to give the planner; the old one stops working. Nothing is e-mailed."
        }
        confirmLabel={confirming === "revoke" ? "Revoke link" : "Re-issue link"}
        isDestructive={confirming === "revoke"}
        isPending={revoke.isPending || reissue.isPending}
        onConfirm={act}
      />
    </Card>
  );
}
