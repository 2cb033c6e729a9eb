import { INVOICE_STATUS_LABELS, type InvoiceSummary } from "../../../../shared/schemas/invoices.ts";
import { Badge, type BadgeProps } from "../../../components/ui/badge.tsx";

const VARIANTS: Record<InvoiceSummary["status"], BadgeProps["variant"]> = {
  draft: "neutral",
  sent: "primary",
  partial: "warning",
  paid: "success",
  void: "neutral",
};

/** The invoice's status chip; an overdue one says so in red. */
export function InvoiceStatusBadge({ invoice }: { invoice: Pick<InvoiceSummary, "status" | "isOverdue"> }) {
  if (invoice.isOverdue) return <Badge variant="destructive">Overdue</Badge>;
  return <Badge variant={VARIANTS[invoice.status]}>{INVOICE_STATUS_LABELS[invoice.status]}</Badge>;
}
