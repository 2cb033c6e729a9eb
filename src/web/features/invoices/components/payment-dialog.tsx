import { useState } from "react";
import {
  type Invoice,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type PaymentMethod,
  recordPaymentSchema,
} from "../../../../shared/schemas/invoices.ts";
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
import { MoneyInput } from "../../../components/ui/money-input.tsx";
import { Select } from "../../../components/ui/select.tsx";
import { describeError } from "../../../lib/api.ts";
import { fieldErrorsOf } from "../../../lib/form-errors.ts";
import { localToday } from "../../../lib/local-date.ts";
import { formatDollars } from "../../../lib/money.ts";
import { toast } from "../../../lib/toast.ts";
import { useRecordPayment } from "../api/invoices.ts";

type Props = { invoice: Invoice; open: boolean; onOpenChange: (open: boolean) => void };

/** Records a payment received (partial or the whole balance). */
export function PaymentDialog({ invoice, open, onOpenChange }: Props) {
  const record = useRecordPayment();
  const [amount, setAmount] = useState<number | null>(invoice.balanceDue);
  const [date, setDate] = useState(localToday());
  const [method, setMethod] = useState<PaymentMethod>("check");
  const [reference, setReference] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = recordPaymentSchema.safeParse({ amount, date, method, reference });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      return;
    }
    setErrors({});
    record.mutate(
      { id: invoice.id, input: parsed.data },
      {
        onSuccess: (saved) => {
          onOpenChange(false);
          toast({
            title: "Payment recorded",
            description: `Balance due: ${formatDollars(saved.balanceDue)}.`,
          });
        },
        onError: (failure) => setErrors({ amount: describeError(failure, "Please try again.") }),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Record a payment</DialogTitle>
            <DialogDescription>Balance due: {formatDollars(invoice.balanceDue)}</DialogDescription>
          </DialogHeader>
          <FormField label="Amount" error={errors.amount}>
            <MoneyInput value={amount} onChange={setAmount} />
          </FormField>
          <FormField label="Date received" error={errors.date}>
            <Input type="date" value={date} onChange={(e) => setDate(e.target.value)} />
          </FormField>
          <FormField label="Method" error={errors.method}>
            <Select value={method} onChange={(e) => setMethod(e.target.value as PaymentMethod)}>
              {PAYMENT_METHODS.map((value) => (
                <option key={value} value={value}>
                  {PAYMENT_METHOD_LABELS[value]}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label="Reference (optional)" error={errors.reference}>
            <Input
              value={reference}
              onChange={(e) => setReference(e.target.value)}
              placeholder="Check number"
            />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" isLoading={record.isPending}>
              Record payment
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
