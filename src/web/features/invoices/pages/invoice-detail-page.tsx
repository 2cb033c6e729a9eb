import {
  ArrowLeft,
  Bell,
  Copy,
  CreditCard,
  FileDown,
  Pencil,
  RefreshCw,
  Send,
  Share2,
  Trash2,
  XCircle,
} from "lucide-react";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import {
  INVOICE_ACTIVITY_LABELS,
  type Invoice,
  PAYMENT_METHOD_LABELS,
} from "../../../../shared/schemas/invoices.ts";
import { describeActor } from "../../../../shared/schemas/team.ts";
import { ConfirmDialog } from "../../../components/ui/alert-dialog.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { ErrorState } from "../../../components/ui/error-state.tsx";
import { LoadingScreen } from "../../../components/ui/spinner.tsx";
import { formatShortDate } from "../../../lib/format.ts";
import { formatDollars } from "../../../lib/money.ts";
import { toast } from "../../../lib/toast.ts";
import { useCan } from "../../auth/api/current-user.ts";
import {
  useDeleteInvoice,
  useInvoice,
  useReissueInvoiceLink,
  useRemindInvoice,
  useRemovePayment,
} from "../api/invoices.ts";
import { EditInvoiceDialog } from "../components/edit-invoice-dialog.tsx";
import { InvoiceStatusBadge } from "../components/invoice-status-badge.tsx";
import { toastFailure } from "../components/mutation-error.ts";
import { PaymentDialog } from "../components/payment-dialog.tsx";
import { SendInvoiceDialog } from "../components/send-invoice-dialog.tsx";
import { VoidInvoiceDialog } from "../components/void-invoice-dialog.tsx";

const backLink = (
  <Link
    to="/invoices"
    className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline"
  >
    <ArrowLeft aria-hidden="true" className="size-4" />
    All invoices
  </Link>
);

type OpenDialog = "send" | "payment" | "void" | "edit" | "delete" | "reissue" | null;

function viewedLine(invoice: Invoice) {
  if (!invoice.lastViewedAt) return invoice.sentAt ? "Not viewed yet" : null;
  const last = new Date(invoice.lastViewedAt).toLocaleDateString("en-US", { month: "short", day: "numeric" });
  return `Viewed ${invoice.viewCount} ${invoice.viewCount === 1 ? "time" : "times"}, last on ${last}`;
}

/** `/invoices/:id`: the invoice, its payments and activity, and what can be done with it now. */
export default function InvoiceDetailPage() {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const query = useInvoice(id);
  const remind = useRemindInvoice();
  const removePayment = useRemovePayment();
  const remove = useDeleteInvoice();
  const reissue = useReissueInvoiceLink();
  const canChange = useCan("money");
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const invoice = query.data;
  if (query.isPending) return <LoadingScreen />;
  if (query.isError || !invoice) {
    return (
      <div className="grid gap-4">
        {backLink}
        <ErrorState title="Could not load this invoice" error={query.error} onRetry={() => query.refetch()} />
      </div>
    );
  }
  const close = (open: boolean) => !open && setDialog(null);
  const isOpen = invoice.status === "sent" || invoice.status === "partial";
  const canEdit = invoice.status === "draft" || invoice.status === "sent";
  const copyLink = async () => {
    if (!invoice.publicUrl) return;
    await navigator.clipboard.writeText(invoice.publicUrl);
    toast({ title: "Link copied" });
  };
  const share = () =>
    invoice.publicUrl && navigator.share?.({ title: `Invoice ${invoice.number}`, url: invoice.publicUrl });

  return (
    <div className="grid gap-6">
      <div className="grid gap-3">
        {backLink}
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="grid gap-1">
            <h1 className="text-2xl font-semibold sm:text-3xl">Invoice {invoice.number}</h1>
            <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
              <InvoiceStatusBadge invoice={invoice} />
              <span>
                Issued {formatShortDate(invoice.issueDate)} · due {formatShortDate(invoice.dueDate)}
              </span>
            </p>
            {viewedLine(invoice) && <p className="text-sm text-muted-foreground">{viewedLine(invoice)}</p>}
          </div>
          <div className="flex flex-wrap gap-2">
            {canChange && invoice.status !== "void" && invoice.status !== "paid" && (
              <Button onClick={() => setDialog("send")}>
                <Send aria-hidden="true" />
                {invoice.sentAt ? "Send again" : "Send"}
              </Button>
            )}
            {canChange && isOpen && (
              <Button variant="outline" onClick={() => setDialog("payment")}>
                <CreditCard aria-hidden="true" />
                Record payment
              </Button>
            )}
            {canChange && isOpen && (
              <Button
                variant="outline"
                isLoading={remind.isPending}
                onClick={() =>
                  remind.mutate(invoice.id, {
                    onSuccess: () => toast({ title: "Reminder sent" }),
                    onError: toastFailure("Could not send the reminder"),
                  })
                }
              >
                <Bell aria-hidden="true" />
                Remind
              </Button>
            )}
            <Button variant="outline" asChild>
              <a href={`/api/invoices/${invoice.id}/pdf`} target="_blank" rel="noreferrer">
                <FileDown aria-hidden="true" />
                PDF
              </a>
            </Button>
          </div>
        </div>
      </div>

      <div className="grid gap-6 lg:grid-cols-3 lg:items-start">
        <Card className="lg:col-span-2">
          <CardHeader className="flex flex-row items-center justify-between">
            <CardTitle className="text-base">
              {invoice.client?.name ?? "No client"}
              {invoice.eventTitle && (
                <span className="font-normal text-muted-foreground"> · {invoice.eventTitle}</span>
              )}
            </CardTitle>
            {canEdit && canChange && (
              <Button variant="ghost" size="sm" onClick={() => setDialog("edit")}>
                <Pencil aria-hidden="true" />
                Edit
              </Button>
            )}
          </CardHeader>
          <CardContent className="grid gap-3">
            <ul className="grid gap-2">
              {invoice.items.map((item) => (
                <li key={item.id} className="flex justify-between gap-4 text-sm">
                  <span>
                    {item.description}
                    {item.quantity !== 1 && (
                      <span className="text-muted-foreground">
                        {" "}
                        × {item.quantity} @ {formatDollars(item.unitPrice)}
                      </span>
                    )}
                  </span>
                  <span className="shrink-0 font-medium">{formatDollars(item.amount)}</span>
                </li>
              ))}
            </ul>
            <dl className="grid gap-1 border-t border-border pt-3 text-sm">
              {[
                ["Subtotal", invoice.subtotal],
                ...(invoice.tax > 0 ? [[`Tax (${invoice.taxRate}%)`, invoice.tax] as const] : []),
                ["Total", invoice.total],
                ["Paid", invoice.amountPaid],
              ].map(([label, value]) => (
                <div key={label} className="flex justify-between">
                  <dt className="text-muted-foreground">{label}</dt>
                  <dd>{formatDollars(value as number)}</dd>
                </div>
              ))}
              <div className="flex justify-between text-base font-semibold">
                <dt>Balance due</dt>
                <dd>{formatDollars(invoice.balanceDue)}</dd>
              </div>
            </dl>
            {invoice.notes && (
              <p className="text-sm whitespace-pre-line text-muted-foreground">{invoice.notes}</p>
            )}
            {invoice.voidReason && <p className="text-sm text-destructive">Voided: {invoice.voidReason}</p>}
          </CardContent>
        </Card>

        <div className="grid gap-6">
          {invoice.publicUrl && (
            <Card>
              <CardHeader>
                <CardTitle className="text-base">Link for the client</CardTitle>
              </CardHeader>
              <CardContent className="flex flex-wrap gap-2">
                <Button size="sm" variant="outline" onClick={copyLink}>
                  <Copy aria-hidden="true" />
                  Copy link
                </Button>
                {typeof navigator !== "undefined" && "share" in navigator && (
                  <Button size="sm" variant="outline" onClick={share}>
                    <Share2 aria-hidden="true" />
                    Share
                  </Button>
                )}
                {canChange && (
                  <Button size="sm" variant="outline" onClick={() => setDialog("reissue")}>
                    <RefreshCw aria-hidden="true" />
                    Re-issue link
                  </Button>
                )}
              </CardContent>
            </Card>
          )}
          <Card>
            <CardHeader>
              <CardTitle className="text-base">Payments</CardTitle>
            </CardHeader>
            <CardContent>
              {invoice.payments.length === 0 ? (
                <p className="text-sm text-muted-foreground">No payments yet.</p>
              ) : (
                <ul className="grid gap-2">
                  {invoice.payments.map((payment) => (
                    <li key={payment.id} className="flex items-center justify-between gap-2 text-sm">
                      <span>
                        {formatDollars(payment.amount)} · {PAYMENT_METHOD_LABELS[payment.method]} ·{" "}
                        {formatShortDate(payment.date)}
                        {payment.reference && (
                          <span className="text-muted-foreground"> ({payment.reference})</span>
                        )}
                      </span>
                      {canChange && invoice.status !== "void" && (
                        <Button
                          variant="ghost"
                          size="icon"
                          aria-label={`Remove the payment of ${formatDollars(payment.amount)}`}
                          onClick={() =>
                            removePayment.mutate(
                              { id: invoice.id, paymentId: payment.id },
                              { onError: toastFailure("Could not remove the payment") },
                            )
                          }
                        >
                          <Trash2 aria-hidden="true" />
                        </Button>
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle className="text-base">Activity</CardTitle>
            </CardHeader>
            <CardContent>
              <ol className="grid gap-2 text-sm">
                {[...invoice.activity].reverse().map((entry) => (
                  <li key={entry.id} className="grid">
                    <span className="font-medium">
                      {INVOICE_ACTIVITY_LABELS[entry.type] ?? entry.type}
                      {entry.detail && (
                        <span className="font-normal text-muted-foreground"> · {entry.detail}</span>
                      )}
                      {describeActor(entry.by) && (
                        <span className="font-normal text-muted-foreground"> {describeActor(entry.by)}</span>
                      )}
                    </span>
                    <time dateTime={entry.at} className="text-xs text-muted-foreground">
                      {new Date(entry.at).toLocaleString("en-US", {
                        dateStyle: "medium",
                        timeStyle: "short",
                      })}
                    </time>
                  </li>
                ))}
              </ol>
            </CardContent>
          </Card>
          {!canChange ? null : invoice.status === "draft" ? (
            <Button variant="outline" className="text-destructive" onClick={() => setDialog("delete")}>
              <Trash2 aria-hidden="true" />
              Delete draft
            </Button>
          ) : invoice.status !== "void" && invoice.status !== "paid" ? (
            <Button variant="outline" className="text-destructive" onClick={() => setDialog("void")}>
              <XCircle aria-hidden="true" />
              Void invoice
            </Button>
          ) : null}
        </div>
      </div>

      {dialog === "send" && <SendInvoiceDialog invoice={invoice} open onOpenChange={close} />}
      {dialog === "payment" && <PaymentDialog invoice={invoice} open onOpenChange={close} />}
      {dialog === "void" && <VoidInvoiceDialog invoice={invoice} open onOpenChange={close} />}
      {dialog === "edit" && <EditInvoiceDialog invoice={invoice} open onOpenChange={close} />}
      <ConfirmDialog
        open={dialog === "delete"}
        onOpenChange={close}
        title="Delete this draft?"
        description={`Draft ${invoice.number} will be removed. Its number is not used again.`}
        confirmLabel="Delete draft"
        isDestructive
        isPending={remove.isPending}
        onConfirm={() =>
          remove.mutate(invoice.id, {
            onSuccess: () => navigate("/invoices"),
            onError: toastFailure("Could not delete the draft"),
          })
        }
      />
      <ConfirmDialog
        open={dialog === "reissue"}
        onOpenChange={close}
        title="Re-issue this invoice's link?"
        description="The link the client has stops working at once: whoever opens it is told it is not valid. Copy or send the new link to the client; reminders will carry it."
        confirmLabel="Re-issue link"
        isDestructive
        isPending={reissue.isPending}
        onConfirm={() =>
          reissue.mutate(invoice.id, {
            onSuccess: () => {
              setDialog(null);
              toast({ title: "New link ready", description: "The previous link no longer works." });
            },
            onError: toastFailure("Could not re-issue the link"),
          })
        }
      />
    </div>
  );
}
