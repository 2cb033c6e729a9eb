import { useEffect, useState } from "react";
import { type InvoiceSettings, invoiceSettingsInputSchema } from "../../../../shared/schemas/invoices.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { describeError } from "../../../lib/api.ts";
import { fieldErrorsOf } from "../../../lib/form-errors.ts";
import { toast } from "../../../lib/toast.ts";
import { useInvoiceSettings, useSaveInvoiceSettings } from "../api/invoices.ts";
import { LogoField } from "./logo-field.tsx";
import { PaymentInstructionsField } from "./payment-instructions-field.tsx";

type Draft = Record<
  "numberPrefix" | "nextNumber" | "defaultDueDays" | "taxRate" | "businessAddress" | "before" | "after",
  string
> & { onDueDate: boolean };

const days = (text: string) =>
  text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(Number);

function toDraft(settings: InvoiceSettings): Draft {
  return {
    numberPrefix: settings.numberPrefix,
    nextNumber: String(settings.nextNumber),
    defaultDueDays: String(settings.defaultDueDays),
    taxRate: settings.taxRate ? String(settings.taxRate) : "",
    businessAddress: settings.businessAddress ?? "",
    before: settings.reminders.beforeDueDays.join(", "),
    after: settings.reminders.afterDueDays.join(", "),
    onDueDate: settings.reminders.onDueDate,
  };
}

/** Account Settings → Invoicing: numbering, due days, tax, payment instructions, logo, address, reminders. */
export function InvoicingSettingsCard() {
  const query = useInvoiceSettings();
  const save = useSaveInvoiceSettings();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (query.data && !draft) setDraft(toDraft(query.data));
  }, [query.data, draft]);
  if (!draft || !query.data) return null;
  const settings = query.data;
  const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = invoiceSettingsInputSchema.safeParse({
      numberPrefix: draft.numberPrefix,
      nextNumber: Number(draft.nextNumber),
      defaultDueDays: Number(draft.defaultDueDays),
      taxRate: draft.taxRate.trim() ? Number(draft.taxRate) : null,
      businessAddress: draft.businessAddress,
      logoFileId: settings.logoFileId,
      reminders: {
        beforeDueDays: days(draft.before),
        onDueDate: draft.onDueDate,
        afterDueDays: days(draft.after),
      },
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: (saved) => {
        setDraft(toDraft(saved));
        toast({ title: "Invoicing settings saved" });
      },
      onError: (failure) => setErrors({ nextNumber: describeError(failure, "Please try again.") }),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Invoicing</CardTitle>
        <CardDescription>
          Numbers look like {draft.numberPrefix}
          {new Date().getFullYear()}-{draft.nextNumber.padStart(4, "0")}. Payment instructions appear on every
          invoice and its page.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <div className="grid gap-4 sm:grid-cols-3">
            <FormField label="Number prefix" error={errors.numberPrefix}>
              <Input value={draft.numberPrefix} onChange={(e) => set({ numberPrefix: e.target.value })} />
            </FormField>
            <FormField label="Next number" error={errors.nextNumber}>
              <Input
                inputMode="numeric"
                value={draft.nextNumber}
                onChange={(e) => set({ nextNumber: e.target.value })}
              />
            </FormField>
            <FormField label="Due after (days)" error={errors.defaultDueDays}>
              <Input
                inputMode="numeric"
                value={draft.defaultDueDays}
                onChange={(e) => set({ defaultDueDays: e.target.value })}
              />
            </FormField>
          </div>
          <FormField label="Default tax rate (%)" error={errors.taxRate}>
            <Input
              inputMode="decimal"
              value={draft.taxRate}
              onChange={(e) => set({ taxRate: e.target.value })}
            />
          </FormField>
          <PaymentInstructionsField settings={settings} />
          <LogoField settings={settings} />
          <FormField
            label="Business address"
            error={errors.businessAddress}
            description="Printed under your name."
          >
            <Textarea
              rows={2}
              value={draft.businessAddress}
              onChange={(e) => set({ businessAddress: e.target.value })}
            />
          </FormField>
          <fieldset className="grid gap-3 sm:grid-cols-3">
            <legend className="mb-1 text-sm font-medium">Reminders to the client</legend>
            <FormField label="Days before due" error={errors.reminders}>
              <Input value={draft.before} onChange={(e) => set({ before: e.target.value })} placeholder="3" />
            </FormField>
            <label className="flex items-center gap-2 self-end pb-2 text-sm">
              <input
                type="checkbox"
                checked={draft.onDueDate}
                onChange={(e) => set({ onDueDate: e.target.checked })}
              />
              On the due date
            </label>
            <FormField label="Days after due">
              <Input
                value={draft.after}
                onChange={(e) => set({ after: e.target.value })}
                placeholder="3, 7, 14"
              />
            </FormField>
          </fieldset>
          <Button type="submit" className="justify-self-start" isLoading={save.isPending}>
            Save invoicing settings
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
