import { useState } from "react";
import {
  createExpenseSchema,
  EXPENSE_CATEGORIES,
  EXPENSE_CATEGORY_LABELS,
  type Expense,
  type ExpenseCategory,
} from "../../../../shared/schemas/expenses.ts";
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
import { Textarea } from "../../../components/ui/textarea.tsx";
import { errorsOfFailure, fieldErrorsOf } from "../../../lib/form-errors.ts";
import { localToday } from "../../../lib/local-date.ts";
import { toast } from "../../../lib/toast.ts";
import { useUploadFile } from "../../media-kit/api/files.ts";
import { downscaleImage } from "../api/downscale-image.ts";
import { useSaveExpense } from "../api/expenses.ts";
import { EventSelect } from "./event-select.tsx";

type Props = { expense?: Expense; open: boolean; onOpenChange: (open: boolean) => void };

const isWide = () => typeof window !== "undefined" && window.matchMedia("(min-width: 768px)").matches;

/**
 * Adds or edits an expense. On a phone it opens as a quick add — amount, category, date (today) and a
 * photo of the receipt — with the other fields one tap away.
 */
export function ExpenseDialog({ expense, open, onOpenChange }: Props) {
  const save = useSaveExpense();
  const upload = useUploadFile();
  const [amount, setAmount] = useState<number | null>(expense?.amount ?? null);
  const [category, setCategory] = useState<ExpenseCategory>(expense?.category ?? "meals");
  const [date, setDate] = useState(expense?.date ?? localToday());
  const [photo, setPhoto] = useState<File | null>(null);
  const [vendor, setVendor] = useState(expense?.vendor ?? "");
  const [description, setDescription] = useState(expense?.description ?? "");
  const [eventId, setEventId] = useState(expense?.eventId ?? "");
  const [billable, setBillable] = useState(expense?.billable ?? false);
  const [showMore, setShowMore] = useState(() => Boolean(expense) || isWide());
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const values = { date, amount, category, vendor, description, eventId: eventId || null, billable };
    const parsed = createExpenseSchema.safeParse(values);
    if (!parsed.success) return setErrors(fieldErrorsOf(parsed.error));
    setErrors({});
    let receiptFileId = expense?.receipt?.id;
    try {
      if (photo) {
        const stored = await upload.mutateAsync({ file: await downscaleImage(photo), kind: "receipt" });
        receiptFileId = stored.id;
      }
      await save.mutateAsync({ id: expense?.id, input: { ...parsed.data, receiptFileId } });
    } catch (failure) {
      setErrors(errorsOfFailure(failure));
      return;
    }
    onOpenChange(false);
    toast({ title: expense ? "Expense saved" : "Expense added" });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{expense ? "Edit expense" : "Add expense"}</DialogTitle>
            <DialogDescription>Keep the receipt with it: snap a photo or attach a PDF.</DialogDescription>
          </DialogHeader>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Amount" error={errors.amount}>
              <MoneyInput value={amount} onChange={setAmount} />
            </FormField>
            <FormField label="Category" error={errors.category}>
              <Select value={category} onChange={(e) => setCategory(e.target.value as ExpenseCategory)}>
                {EXPENSE_CATEGORIES.map((value) => (
                  <option key={value} value={value}>
                    {EXPENSE_CATEGORY_LABELS[value]}
                  </option>
                ))}
              </Select>
            </FormField>
            <FormField label="Date" error={errors.date}>
              <Input type="date" value={date} onChange={(e) => setDate(e.target.value)} />
            </FormField>
            <FormField
              label={expense?.receipt ? "Replace receipt" : "Receipt photo or PDF"}
              error={errors.receiptFileId ?? errors.file}
              description={expense?.receipt && !photo ? `Now: ${expense.receipt.filename}` : undefined}
            >
              <Input
                type="file"
                accept="image/*,application/pdf"
                capture="environment"
                onChange={(e) => setPhoto(e.target.files?.[0] ?? null)}
                className="file:mr-2 file:border-0 file:bg-transparent file:text-sm file:font-medium"
              />
            </FormField>
          </div>
          {showMore ? (
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField label="Vendor" error={errors.vendor}>
                <Input value={vendor} onChange={(e) => setVendor(e.target.value)} />
              </FormField>
              <FormField label="Event" error={errors.eventId}>
                <EventSelect value={eventId} onChange={setEventId} />
              </FormField>
              <FormField label="Description" error={errors.description} className="sm:col-span-2">
                <Textarea rows={2} value={description} onChange={(e) => setDescription(e.target.value)} />
              </FormField>
              <label className="flex items-center gap-2 text-sm sm:col-span-2">
                <input type="checkbox" checked={billable} onChange={(e) => setBillable(e.target.checked)} />
                Billable to the client (offered as a line when you invoice the event)
              </label>
            </div>
          ) : (
            <Button
              type="button"
              variant="link"
              className="justify-self-start px-0"
              onClick={() => setShowMore(true)}
            >
              More details (vendor, event, billable)
            </Button>
          )}
          {errors.form && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {errors.form}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" isLoading={save.isPending || upload.isPending}>
              {expense ? "Save" : "Add expense"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
