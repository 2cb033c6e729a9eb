import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import {
  type CreateEvent,
  type CreateEventInput,
  createEventSchema,
  EVENT_STATUS_LABELS,
  type Event,
} from "../../../../shared/schemas/events.ts";
import { Button } from "../../../components/ui/button.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { ControlledMoneyInput } from "../../../components/ui/money-input.tsx";
import { Select } from "../../../components/ui/select.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { describeError } from "../../../lib/api.ts";
import { showServerFieldErrors } from "../../../lib/form-errors.ts";
import { formatDollars } from "../../../lib/money.ts";
import { toast } from "../../../lib/toast.ts";
import {
  type DoubleBooking,
  DoubleBookingAlert,
  readDoubleBooking,
} from "../../holds/components/double-booking.tsx";
import { SameDayNotice } from "../../holds/components/same-day-notice.tsx";
import { useCreateEvent } from "../api/create-event.ts";
import { useUpdateEvent } from "../api/update-event.ts";
import {
  EVENT_FORM_FIELDS,
  type EventLinks,
  listStatusChoices,
  readEventLinks,
  toEventFormValues,
} from "./event-form-values.ts";
import { EventPeopleFields } from "./event-people-fields.tsx";
import { FormSection } from "./form-section.tsx";

type EventFormProps = {
  /** The event to edit; a new one is created without it. */
  event?: Event;
  /** The client and bureau partner a new event starts linked to. */
  links?: EventLinks;
  /** The date a new event starts on. */
  date?: string;
  onSaved: (event: Event) => void;
  onCancel: () => void;
};

/** Every field of an event, validated on blur with the shared schema; creates or updates on submit. */
export function EventForm({ event, links, date, onSaved, onCancel }: EventFormProps) {
  const create = useCreateEvent();
  const update = useUpdateEvent();
  const form = useForm<CreateEventInput, unknown, CreateEvent>({
    resolver: zodResolver(createEventSchema),
    mode: "onBlur",
    defaultValues: toEventFormValues(event, links, date),
  });
  const { register, control, watch, setError } = form;
  const { errors } = form.formState;
  const [fee, travelFee, chosenDate, chosenState] = watch(["fee", "travelFee", "date", "state"]);
  const grossFee = (Number(fee) || 0) + (Number(travelFee) || 0);
  /** The refused second confirmed talk of the day, with the values to send again with "book anyway". */
  const [doubleBooking, setDoubleBooking] = useState<(DoubleBooking & { values: CreateEvent }) | null>(null);

  const save = (values: CreateEvent) => {
    const onError = (error: Error) => {
      const refused = readDoubleBooking(error);
      setDoubleBooking(refused && { ...refused, values });
      if (refused) return;
      if (showServerFieldErrors(error, setError, EVENT_FORM_FIELDS)) return;
      toast({
        title: "Could not save the event",
        description: describeError(error, "Please try again."),
        variant: "destructive",
      });
    };
    const onSuccess = (saved: Event) => {
      toast({
        title: event ? "Event updated" : "Event added",
        description: event
          ? `Your changes to "${saved.title}" are saved.`
          : `"${saved.title}" is now in your events.`,
      });
      onSaved(saved);
    };
    if (event) update.mutate({ id: event.id, changes: values }, { onSuccess, onError });
    else create.mutate(values, { onSuccess, onError });
  };
  const submit = form.handleSubmit((values) => save({ ...values, bookAnyway: undefined }));

  return (
    <form noValidate onSubmit={submit} className="grid gap-6">
      <FormSection legend="The engagement">
        <FormField label="Event name" error={errors.title?.message} className="sm:col-span-2">
          <Input autoComplete="off" {...register("title")} />
        </FormField>
        <FormField label="Date" error={errors.date?.message}>
          <Input type="date" {...register("date")} />
        </FormField>
        <FormField label="Time" error={errors.time?.message}>
          <Input placeholder="e.g. 9:30 AM" autoComplete="off" {...register("time")} />
        </FormField>
        <FormField label="Arrival time" error={errors.arrivalTime?.message}>
          <Input type="time" {...register("arrivalTime")} />
        </FormField>
        <FormField label="Status" error={errors.status?.message}>
          <Select {...register("status")}>
            {listStatusChoices(event?.status).map((status) => (
              <option key={status} value={status}>
                {EVENT_STATUS_LABELS[status]}
              </option>
            ))}
          </Select>
        </FormField>
        <SameDayNotice date={chosenDate ?? ""} state={chosenState ?? ""} eventId={event?.id} />
        <FormField label="Attendees" error={errors.attendees?.message}>
          <Input
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            {...register("attendees", {
              setValueAs: (value) => (value === "" || value == null ? null : Number(value)),
            })}
          />
        </FormField>
      </FormSection>

      <FormSection legend="Venue">
        <FormField label="Venue or hotel" error={errors.venueName?.message} className="sm:col-span-2">
          <Input autoComplete="off" {...register("venueName")} />
        </FormField>
        <FormField label="Street address" error={errors.streetAddress?.message} className="sm:col-span-2">
          <Input autoComplete="off" {...register("streetAddress")} />
        </FormField>
        <FormField label="City" error={errors.city?.message}>
          <Input autoComplete="off" {...register("city")} />
        </FormField>
        <div className="grid grid-cols-2 gap-4">
          <FormField label="State" error={errors.state?.message}>
            <Input autoComplete="off" {...register("state")} />
          </FormField>
          <FormField label="Zip code" error={errors.zipCode?.message}>
            <Input autoComplete="off" inputMode="numeric" {...register("zipCode")} />
          </FormField>
        </div>
      </FormSection>

      <FormSection legend="Fees" description={`Gross fee: ${formatDollars(grossFee)}`}>
        {(["fee", "travelFee"] as const).map((name) => (
          <FormField
            key={name}
            label={name === "fee" ? "Speaking fee" : "Travel fee"}
            error={errors[name]?.message}
          >
            <ControlledMoneyInput control={control} name={name} />
          </FormField>
        ))}
      </FormSection>

      <EventPeopleFields form={form} links={readEventLinks(event, links)} />

      <FormSection legend="Details">
        <FormField
          label="Source"
          error={errors.source?.message}
          description="How the booking came to you."
          className="sm:col-span-2"
        >
          <Input autoComplete="off" {...register("source")} />
        </FormField>
        <FormField label="Description" error={errors.description?.message} className="sm:col-span-2">
          <Textarea rows={3} {...register("description")} />
        </FormField>
        <FormField label="Notes" error={errors.notes?.message} className="sm:col-span-2">
          <Textarea rows={3} {...register("notes")} />
        </FormField>
      </FormSection>

      {doubleBooking && (
        <DoubleBookingAlert
          booking={doubleBooking}
          isPending={create.isPending || update.isPending}
          onBookAnyway={() => save({ ...doubleBooking.values, bookAnyway: true })}
        />
      )}
      <div className="flex flex-col-reverse gap-2 border-t border-border pt-4 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" isLoading={create.isPending || update.isPending}>
          {event ? "Save changes" : "Add event"}
        </Button>
      </div>
    </form>
  );
}
