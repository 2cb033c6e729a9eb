import { useState } from "react";
import type { Invoice } from "../../../../shared/schemas/invoices.ts";
import { Button } from "../../../components/ui/button.tsx";
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
import { describeError } from "../../../lib/api.ts";
import { useVoidInvoice } from "../api/invoices.ts";

/** Voids an invoice with a reason: it keeps its number, takes no payments and sends no reminders. */
export function VoidInvoiceDialog({
  invoice,
  open,
  onOpenChange,
}: {
  invoice: Invoice;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const voidInvoice = useVoidInvoice();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setError("Reason is required");
    voidInvoice.mutate(
      { id: invoice.id, reason: reason.trim() },
      {
        onSuccess: () => onOpenChange(false),
        onError: (failure) => setError(describeError(failure, "Please try again.")),
      },
    );
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Void invoice {invoice.number}?</DialogTitle>
            <DialogDescription>
              It keeps its number; no more payments or reminders. This cannot be undone.
            </DialogDescription>
          </DialogHeader>
          <FormField label="Reason" error={error}>
            <Input value={reason} onChange={(e) => setReason(e.target.value)} />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" isLoading={voidInvoice.isPending}>
              Void invoice
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
