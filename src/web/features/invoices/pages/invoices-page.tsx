import { Plus, ReceiptText } from "lucide-react";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { INVOICE_STATUS_LABELS, INVOICE_STATUSES } from "../../../../shared/schemas/invoices.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent } from "../../../components/ui/card.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { PageHeader } from "../../../components/ui/page-header.tsx";
import { QueryView } from "../../../components/ui/query-view.tsx";
import { Select } from "../../../components/ui/select.tsx";
import { formatShortDate } from "../../../lib/format.ts";
import { formatDollars } from "../../../lib/money.ts";
import { useCan } from "../../auth/api/current-user.ts";
import { BookingStepBadge } from "../../bookings/components/booking-step-badge.tsx";
import { useInvoices } from "../api/invoices.ts";
import { InvoiceStatusBadge } from "../components/invoice-status-badge.tsx";
import { NewInvoiceDialog } from "../components/new-invoice-dialog.tsx";

/** `/invoices`: every invoice with status chips, the totals and filters; cards on phones, a table wider. */
export default function InvoicesPage() {
  const [params, setParams] = useSearchParams();
  const [isCreating, setIsCreating] = useState(false);
  const canChange = useCan("money");
  const filter = params.get("filter") ?? "";
  const filters = filter === "overdue" ? { overdue: "true" } : { status: filter || undefined };
  const query = useInvoices(filters);
  const setFilter = (value: string) => setParams(value ? { filter: value } : {}, { replace: true });

  const totals = query.data?.totals;
  const items = query.data?.items ?? [];
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Invoices"
        description="Deposits, balances and payments for your engagements."
        actions={
          canChange && (
            <Button onClick={() => setIsCreating(true)}>
              <Plus aria-hidden="true" />
              New invoice
            </Button>
          )
        }
      />
      <dl className="grid grid-cols-3 gap-3">
        {[
          ["Outstanding", totals?.outstanding],
          ["Overdue", totals?.overdue],
          ["Paid this year", totals?.paidThisYear],
        ].map(([label, value]) => (
          <div key={label as string} className="rounded-xl border border-border bg-card p-3 sm:p-4">
            <dt className="text-xs text-muted-foreground sm:text-sm">{label}</dt>
            <dd className="text-lg font-semibold sm:text-2xl">
              {formatDollars(value as number | undefined)}
            </dd>
          </div>
        ))}
      </dl>
      <div className="flex items-center gap-2">
        <label htmlFor="invoice-filter" className="text-sm font-medium">
          Show
        </label>
        <Select
          id="invoice-filter"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          className="w-48"
        >
          <option value="">All invoices</option>
          <option value="overdue">Overdue</option>
          {INVOICE_STATUSES.map((status) => (
            <option key={status} value={status}>
              {INVOICE_STATUS_LABELS[status]}
            </option>
          ))}
        </Select>
      </div>
      <QueryView
        query={query}
        errorTitle="Could not load your invoices"
        isEmpty={items.length === 0}
        empty={
          <EmptyState
            icon={ReceiptText}
            title={filter ? "No invoices match" : "No invoices yet"}
            description="Create one here, or from an event's page with its fee filled in."
          />
        }
      >
        <ul className="grid gap-3 md:hidden">
          {items.map((invoice) => (
            <li key={invoice.id}>
              <Link to={`/invoices/${invoice.id}`} className="block rounded-xl">
                <Card>
                  <CardContent className="grid gap-1 p-4">
                    <div className="flex items-center justify-between gap-2">
                      <span className="font-semibold">{invoice.number}</span>
                      <span className="flex flex-wrap justify-end gap-1">
                        <BookingStepBadge documentId={invoice.id} />
                        <InvoiceStatusBadge invoice={invoice} />
                      </span>
                    </div>
                    <span className="truncate text-sm text-muted-foreground">
                      {invoice.client?.name ?? invoice.eventTitle ?? "No client"}
                    </span>
                    <div className="flex items-center justify-between text-sm">
                      <span>Due {formatShortDate(invoice.dueDate)}</span>
                      <span className="font-medium">{formatDollars(invoice.balanceDue)} due</span>
                    </div>
                  </CardContent>
                </Card>
              </Link>
            </li>
          ))}
        </ul>
        <div className="hidden overflow-x-auto rounded-xl border border-border bg-card md:block">
          <table className="w-full text-sm">
            <thead className="bg-muted text-left text-muted-foreground">
              <tr>
                <th className="p-3 font-medium">Number</th>
                <th className="p-3 font-medium">Client / event</th>
                <th className="p-3 font-medium">Issued</th>
                <th className="p-3 font-medium">Due</th>
                <th className="p-3 text-right font-medium">Total</th>
                <th className="p-3 text-right font-medium">Balance</th>
                <th className="p-3 font-medium">Status</th>
              </tr>
            </thead>
            <tbody>
              {items.map((invoice) => (
                <tr key={invoice.id} className="border-t border-border">
                  <td className="p-3">
                    <Link to={`/invoices/${invoice.id}`} className="font-medium text-primary hover:underline">
                      {invoice.number}
                    </Link>
                  </td>
                  <td className="p-3">
                    {[invoice.client?.name, invoice.eventTitle].filter(Boolean).join(" · ") || "—"}
                  </td>
                  <td className="p-3">{formatShortDate(invoice.issueDate)}</td>
                  <td className="p-3">{formatShortDate(invoice.dueDate)}</td>
                  <td className="p-3 text-right">{formatDollars(invoice.total)}</td>
                  <td className="p-3 text-right">{formatDollars(invoice.balanceDue)}</td>
                  <td className="p-3">
                    <span className="flex flex-wrap gap-1">
                      <InvoiceStatusBadge invoice={invoice} />
                      <BookingStepBadge documentId={invoice.id} />
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </QueryView>
      {isCreating && <NewInvoiceDialog open={isCreating} onOpenChange={setIsCreating} />}
    </div>
  );
}
