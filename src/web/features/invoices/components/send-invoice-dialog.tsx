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
import { Textarea } from "../../../components/ui/textarea.tsx";
import { describeError } from "../../../lib/api.ts";
import { toast } from "../../../lib/toast.ts";
import { useSendInvoice } from "../api/invoices.ts";

type Props = {
  invoice: Pick<Invoice, "id" | "number" | "recipientEmail" | "client">;
  /** An address known elsewhere, e.g. the event's contact. */
  fallbackEmail?: string | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** E-mails the invoice (PDF attached, with its link) to the client, or to an address typed in. */
export function SendInvoiceDialog({ invoice, fallbackEmail, open, onOpenChange }: Props) {
  const send = useSendInvoice();
  const [to, setTo] = useState(invoice.recipientEmail ?? invoice.client?.email ?? fallbackEmail ?? "");
  const [message, setMessage] = useState("");
  const [error, setError] = useState<string | undefined>();

  // mutateAsync rather than mutate's callbacks: once sent, the event page's list may unmount this dialog
  // (the invoice is no longer a draft) before those callbacks would run.
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(undefined);
    try {
      const sent = await send.mutateAsync({
        id: invoice.id,
        input: { to: to.trim() || null, message: message.trim() || null },
      });
      onOpenChange(false);
      toast({ title: `Invoice ${sent.number} sent`, description: `E-mailed to ${sent.recipientEmail}.` });
    } catch (failure) {
      setError(describeError(failure, "Please try again."));
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Send invoice {invoice.number}</DialogTitle>
            <DialogDescription>The e-mail carries the PDF and a link to view it online.</DialogDescription>
          </DialogHeader>
          <FormField label="To" error={error}>
            <Input type="email" value={to} onChange={(e) => setTo(e.target.value)} autoComplete="email" />
          </FormField>
          <FormField label="Message (optional)">
            <Textarea rows={3} value={message} onChange={(e) => setMessage(e.target.value)} />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" isLoading={send.isPending}>
              Send invoice
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
