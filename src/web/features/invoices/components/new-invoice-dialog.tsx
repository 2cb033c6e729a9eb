import { useState } from "react";
import { useNavigate } from "react-router";
import { createInvoiceSchema } from "../../../../shared/schemas/invoices.ts";
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
import { Textarea } from "../../../components/ui/textarea.tsx";
import { describeError } from "../../../lib/api.ts";
import { useCreateInvoice } from "../api/invoices.ts";
import { type EditableLine, LineItemsEditor, toInputLines } from "./line-items-editor.tsx";

/** A free invoice: any lines, an optional tax rate and notes; saved as a draft. */
export function NewInvoiceDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const navigate = useNavigate();
  const create = useCreateInvoice();
  const [lines, setLines] = useState<EditableLine[]>([{ description: "", quantity: "1", unitPrice: null }]);
  const [taxRate, setTaxRate] = useState("");
  const [notes, setNotes] = useState("");
  const [error, setError] = useState<string | undefined>();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = createInvoiceSchema.safeParse({
      items: toInputLines(lines),
      taxRate: taxRate.trim() ? Number(taxRate) : undefined,
      notes,
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: (invoice) => {
        onOpenChange(false);
        if (invoice) navigate(`/invoices/${invoice.id}`);
      },
      onError: (failure) => setError(describeError(failure, "Please try again.")),
    });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>New invoice</DialogTitle>
            <DialogDescription>Saved as a draft; send it when it is ready.</DialogDescription>
          </DialogHeader>
          <LineItemsEditor lines={lines} onChange={setLines} />
          <FormField
            label="Tax rate (%)"
            description="Blank: your default rate from Account Settings → Invoicing."
          >
            <Input inputMode="decimal" value={taxRate} onChange={(e) => setTaxRate(e.target.value)} />
          </FormField>
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
            <Button type="submit" isLoading={create.isPending}>
              Save draft
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
