import { useState } from "react";
import { createMileageSchema, type MileageEntry } from "../../../../shared/schemas/expenses.ts";
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
import { errorsOfFailure, fieldErrorsOf } from "../../../lib/form-errors.ts";
import { localToday } from "../../../lib/local-date.ts";
import { toast } from "../../../lib/toast.ts";
import { useSaveTrip } from "../api/expenses.ts";
import { EventSelect } from "./event-select.tsx";

type Props = { trip?: MileageEntry; open: boolean; onOpenChange: (open: boolean) => void };

/** Adds or edits a trip of the mileage log: what the IRS asks for (date, destination, purpose, miles). */
export function TripDialog({ trip, open, onOpenChange }: Props) {
  const save = useSaveTrip();
  const [values, setValues] = useState({
    date: trip?.date ?? localToday(),
    from: trip?.from ?? "",
    to: trip?.to ?? "",
    purpose: trip?.purpose ?? "",
    miles: trip ? String(trip.miles) : "",
    roundTrip: trip?.roundTrip ?? false,
    eventId: trip?.eventId ?? "",
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (changes: Partial<typeof values>) => setValues((current) => ({ ...current, ...changes }));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = createMileageSchema.safeParse({
      ...values,
      miles: values.miles.trim() === "" ? undefined : Number(values.miles),
      eventId: values.eventId || null,
    });
    if (!parsed.success) return setErrors(fieldErrorsOf(parsed.error));
    setErrors({});
    save.mutate(
      { id: trip?.id, input: parsed.data },
      {
        onSuccess: () => {
          onOpenChange(false);
          toast({ title: trip ? "Trip saved" : "Trip added" });
        },
        onError: (failure) => {
          setErrors(errorsOfFailure(failure));
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{trip ? "Edit trip" : "Add trip"}</DialogTitle>
            <DialogDescription>The deduction uses the rate of the trip's year.</DialogDescription>
          </DialogHeader>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Date" error={errors.date}>
              <Input type="date" value={values.date} onChange={(e) => set({ date: e.target.value })} />
            </FormField>
            <FormField label="Miles (one way)" error={errors.miles}>
              <Input
                inputMode="decimal"
                value={values.miles}
                onChange={(e) => set({ miles: e.target.value })}
              />
            </FormField>
            <FormField label="From" error={errors.from}>
              <Input value={values.from} onChange={(e) => set({ from: e.target.value })} />
            </FormField>
            <FormField label="To" error={errors.to}>
              <Input value={values.to} onChange={(e) => set({ to: e.target.value })} />
            </FormField>
            <FormField label="Business purpose" error={errors.purpose} className="sm:col-span-2">
              <Input value={values.purpose} onChange={(e) => set({ purpose: e.target.value })} />
            </FormField>
            <FormField label="Event" error={errors.eventId}>
              <EventSelect value={values.eventId} onChange={(eventId) => set({ eventId })} />
            </FormField>
            <label className="flex items-center gap-2 self-end pb-2 text-sm">
              <input
                type="checkbox"
                checked={values.roundTrip}
                onChange={(e) => set({ roundTrip: e.target.checked })}
              />
              Round trip (counts the miles twice)
            </label>
          </div>
          {errors.form && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {errors.form}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" isLoading={save.isPending}>
              {trip ? "Save" : "Add trip"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
