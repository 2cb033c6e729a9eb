import { ReceiptText, Send } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import type { Event } from "../../../../shared/schemas/events.ts";
import type { InvoiceSummary } from "../../../../shared/schemas/invoices.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { formatShortDate } from "../../../lib/format.ts";
import { formatDollars } from "../../../lib/money.ts";
import { toast } from "../../../lib/toast.ts";
import { BookingStepBadge } from "../../bookings/components/booking-step-badge.tsx";
import { useCreateEventInvoices, useInvoice, useInvoices } from "../api/invoices.ts";
import { InvoiceStatusBadge } from "./invoice-status-badge.tsx";
import { toastFailure } from "./mutation-error.ts";
import { SendInvoiceDialog } from "./send-invoice-dialog.tsx";

type Schedule = "deposit_balance" | "full";

/** "Invoice" on the event page: deposit + balance (default) or the full fee, as drafts ready to send. */
function CreateInvoicesDialog({
  event,
  open,
  onOpenChange,
}: {
  event: Event;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const create = useCreateEventInvoices();
  const [schedule, setSchedule] = useState<Schedule>("deposit_balance");
  const [percent, setPercent] = useState("50");
  const submit = (formEvent: React.FormEvent) => {
    formEvent.preventDefault();
    create.mutate(
      {
        eventId: event.id,
        input: schedule === "full" ? { schedule } : { schedule, depositPercent: Number(percent) || 50 },
      },
      {
        onSuccess: ({ invoices }) => {
          onOpenChange(false);
          toast({ title: invoices.length === 2 ? "Deposit and balance drafted" : "Invoice drafted" });
        },
        onError: toastFailure("Could not create the invoice"),
      },
    );
  };
  const option = (value: Schedule, label: string, detail: string) => (
    <label className="flex cursor-pointer items-start gap-3 rounded-lg border border-border p-3 has-[:checked]:border-primary has-[:checked]:bg-primary-soft">
      <input
        type="radio"
        name="schedule"
        value={value}
        checked={schedule === value}
        onChange={() => setSchedule(value)}
        className="mt-1"
      />
      <span className="grid gap-0.5">
        <span className="font-medium">{label}</span>
        <span className="text-sm text-muted-foreground">{detail}</span>
      </span>
    </label>
  );
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Invoice this event</DialogTitle>
            <DialogDescription>Gross fee {formatDollars(event.grossFee)}</DialogDescription>
          </DialogHeader>
          <fieldset className="grid gap-2">
            <legend className="sr-only">Schedule</legend>
            {option(
              "deposit_balance",
              "Deposit + balance",
              "Deposit due now; balance 30 days before the event.",
            )}
            {option("full", "Full amount", "One invoice for the whole fee.")}
          </fieldset>
          {schedule === "deposit_balance" && (
            <FormField label="Deposit (%)">
              <Input inputMode="decimal" value={percent} onChange={(e) => setPercent(e.target.value)} />
            </FormField>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" isLoading={create.isPending}>
              Create invoices
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Opens the send dialog for one invoice, loading its details (recipient) first. */
function SendButton({ summary, fallbackEmail }: { summary: InvoiceSummary; fallbackEmail: string | null }) {
  const [open, setOpen] = useState(false);
  const invoice = useInvoice(summary.id);
  return (
    <>
      <Button
        size="sm"
        onClick={() => setOpen(true)}
        disabled={!invoice.data}
        aria-label={`Send ${summary.number}`}
      >
        <Send aria-hidden="true" />
        Send
      </Button>
      {open && invoice.data && (
        <SendInvoiceDialog
          invoice={invoice.data}
          fallbackEmail={fallbackEmail}
          open={open}
          onOpenChange={setOpen}
        />
      )}
    </>
  );
}

const KIND_LABELS = { standard: "Invoice", deposit: "Deposit", balance: "Balance" } as const;

/** The event page's Invoices section: its invoices, and "Invoice" to draft them. */
export function EventInvoicesSection({ event }: { event: Event }) {
  const [isCreating, setIsCreating] = useState(false);
  const list = useInvoices({ eventId: event.id });
  const items = list.data?.items ?? [];
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle className="text-base">Invoices</CardTitle>
        <Button size="sm" variant="outline" onClick={() => setIsCreating(true)}>
          <ReceiptText aria-hidden="true" />
          Invoice
        </Button>
      </CardHeader>
      <CardContent>
        {items.length === 0 ? (
          <p className="text-sm text-muted-foreground">No invoices yet.</p>
        ) : (
          <ul className="grid gap-3">
            {items.map((invoice) => (
              <li key={invoice.id} className="flex flex-wrap items-center justify-between gap-2">
                <div className="grid gap-0.5">
                  <Link to={`/invoices/${invoice.id}`} className="font-medium text-primary hover:underline">
                    {KIND_LABELS[invoice.kind]} {invoice.number}
                  </Link>
                  <span className="text-sm text-muted-foreground">
                    {formatDollars(invoice.total)} · due {formatShortDate(invoice.dueDate)}
                  </span>
                </div>
                <div className="flex items-center gap-2">
                  <InvoiceStatusBadge invoice={invoice} />
                  <BookingStepBadge documentId={invoice.id} />
                  {invoice.status === "draft" && (
                    <SendButton summary={invoice} fallbackEmail={event.contactEmail} />
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      {isCreating && <CreateInvoicesDialog event={event} open={isCreating} onOpenChange={setIsCreating} />}
    </Card>
  );
}
