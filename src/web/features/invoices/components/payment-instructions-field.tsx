import { useState } from "react";
import { type InvoiceSettings, paymentInstructionsInputSchema } from "../../../../shared/schemas/invoices.ts";
import { Button } from "../../../components/ui/button.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { describeError } from "../../../lib/api.ts";
import { fieldErrorsOf } from "../../../lib/form-errors.ts";
import { toast } from "../../../lib/toast.ts";
import { useCan } from "../../auth/api/current-user.ts";
import { useSavePaymentInstructions } from "../api/invoices.ts";

/**
 * The bank details on every invoice, saved on their own: the owner alone changes them, after confirming who
 * they are, and the account's e-mail hears of each change (decision 067). Members read them.
 */
export function PaymentInstructionsField({ settings }: { settings: InvoiceSettings }) {
  const isOwner = useCan("owner");
  const save = useSavePaymentInstructions();
  const [text, setText] = useState(settings.paymentInstructions ?? "");
  const [error, setError] = useState<string | undefined>();

  if (!isOwner) {
    return (
      <div className="grid gap-1 text-sm">
        <span className="font-medium">Payment instructions</span>
        <p className="whitespace-pre-line">{settings.paymentInstructions ?? "None yet."}</p>
        <p className="text-muted-foreground">Only the account owner changes them.</p>
      </div>
    );
  }

  const submit = () => {
    const parsed = paymentInstructionsInputSchema.safeParse({ paymentInstructions: text });
    if (!parsed.success) {
      setError(fieldErrorsOf(parsed.error).paymentInstructions);
      return;
    }
    setError(undefined);
    save.mutate(parsed.data, {
      onSuccess: (saved) => {
        setText(saved.paymentInstructions ?? "");
        toast({ title: "Payment instructions saved", description: "We e-mailed you about the change." });
      },
      onError: (failure) => setError(describeError(failure, "Please try again.")),
    });
  };

  return (
    <div className="grid gap-2">
      <FormField
        label="Payment instructions"
        error={error}
        description="Bank details, or the address checks go to. Saving asks you to confirm it's you."
      >
        <Textarea rows={3} value={text} onChange={(e) => setText(e.target.value)} />
      </FormField>
      <Button
        type="button"
        variant="outline"
        className="justify-self-start"
        isLoading={save.isPending}
        onClick={submit}
      >
        Save payment instructions
      </Button>
    </div>
  );
}
