import { useState } from "react";
import { type Invoice, updateInvoiceSchema } from "../../../../shared/schemas/invoices.ts";
import { Button } from "../../../components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { describeError } from "../../../lib/api.ts";
import { useUpdateInvoice } from "../api/invoices.ts";
import { BillableExpenses } from "./billable-expenses.tsx";
import { type EditableLine, LineItemsEditor, toInputLines } from "./line-items-editor.tsx";

/** Edits a draft, or corrects a sent invoice that has no payment yet. */
export function EditInvoiceDialog({
  invoice,
  open,
  onOpenChange,
}: {
  invoice: Invoice;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const update = useUpdateInvoice();
  const [lines, setLines] = useState<EditableLine[]>(
    invoice.items.map((item) => ({
      description: item.description,
      quantity: String(item.quantity),
      unitPrice: item.unitPrice,
    })),
  );
  const [issueDate, setIssueDate] = useState(invoice.issueDate);
  const [dueDate, setDueDate] = useState(invoice.dueDate);
  const [taxRate, setTaxRate] = useState(invoice.taxRate ? String(invoice.taxRate) : "");
  const [notes, setNotes] = useState(invoice.notes ?? "");
  const [error, setError] = useState<string | undefined>();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = updateInvoiceSchema.safeParse({
      items: toInputLines(lines),
      issueDate,
      dueDate,
      taxRate: taxRate.trim() ? Number(taxRate) : null,
      notes,
    });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    update.mutate(
      { id: invoice.id, changes: parsed.data },
      {
        onSuccess: () => onOpenChange(false),
        onError: (failure) => setError(describeError(failure, "Please try again.")),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Edit invoice {invoice.number}</DialogTitle>
          </DialogHeader>
          <LineItemsEditor lines={lines} onChange={setLines} />
          {invoice.eventId && (
            <BillableExpenses
              eventId={invoice.eventId}
              lines={lines}
              onAdd={(line) => setLines((current) => [...current, line])}
            />
          )}
          <div className="grid gap-3 sm:grid-cols-3">
            <FormField label="Issued">
              <Input type="date" value={issueDate} onChange={(e) => setIssueDate(e.target.value)} />
            </FormField>
            <FormField label="Due">
              <Input type="date" value={dueDate} onChange={(e) => setDueDate(e.target.value)} />
            </FormField>
            <FormField label="Tax rate (%)">
              <Input inputMode="decimal" value={taxRate} onChange={(e) => setTaxRate(e.target.value)} />
            </FormField>
          </div>
          <FormField label="Notes (shown on the invoice)">
            <Textarea rows={2} value={notes} onChange={(e) => setNotes(e.target.value)} />
          </FormField>
          {error && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {error}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" isLoading={update.isPending}>
              Save
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
