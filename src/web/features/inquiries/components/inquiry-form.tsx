import { type FormEvent, useState } from "react";
import type { PublicAvailability } from "../../../../shared/schemas/holds.ts";
import type { InquiryForm as InquiryFormData, InquiryInput } from "../../../../shared/schemas/inquiries.ts";
import { speakerDisplayName } from "../../../../shared/speaker-name.ts";
import { Button } from "../../../components/ui/button.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Select } from "../../../components/ui/select.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { fetchDateAvailability, sendInquiry } from "../api/public-inquiry.ts";

type Fields = Record<string, string>;

/** What a planner is told of a date: never whose holds they are. */
const AVAILABILITY_TEXT: Record<PublicAvailability["state"], string> = {
  free: "This date is free.",
  held: "This date is on hold for another event. You can still ask: holds are often released.",
  booked: "The speaker is already booked on this date.",
};

/** Tells the planner whether the chosen date is free, held or booked, when the speaker shows it. */
function useDateAvailability(slug: string, isShown: boolean) {
  const [availability, setAvailability] = useState<PublicAvailability | null>(null);
  const check = (date: string) => {
    setAvailability(null);
    if (!isShown || !date) return;
    fetchDateAvailability(slug, date).then((answer) =>
      setAvailability(answer?.date === date ? answer : null),
    );
  };
  return { availability, check };
}

const text = (data: FormData, name: string) => String(data.get(name) ?? "");

function readInquiry(form: HTMLFormElement, formToken: string): InquiryInput {
  const data = new FormData(form);
  const audience = text(data, "audienceSize").trim();
  return {
    organization: text(data, "organization"),
    contactName: text(data, "contactName"),
    email: text(data, "email"),
    phone: text(data, "phone"),
    eventDate: text(data, "eventDate"),
    city: text(data, "city"),
    state: text(data, "state"),
    audienceSize: audience ? Number(audience) : null,
    budget: text(data, "budget"),
    topic: text(data, "topic"),
    message: text(data, "message"),
    website: text(data, "website"),
    formToken,
  };
}

/** The planner's inquiry (DESIGN §10), with a honeypot field people never see. */
export function InquiryForm({ slug, form }: { slug: string; form: InquiryFormData }) {
  const [errors, setErrors] = useState<Fields>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [thanks, setThanks] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);
  const { availability, check } = useDateAvailability(slug, form.showsAvailability);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setIsSending(true);
    setFailure(null);
    const result = await sendInquiry(slug, readInquiry(event.currentTarget, form.formToken));
    setIsSending(false);
    if (result.state === "sent") setThanks(result.message);
    else if (result.state === "invalid") setErrors(result.fields);
    else setFailure(result.message);
  }

  if (thanks) {
    return (
      <div role="status" className="grid gap-2 rounded-lg border border-border bg-card p-6 text-center">
        <h2 className="text-xl font-semibold">Inquiry sent</h2>
        <p className="text-muted-foreground">{thanks}</p>
      </div>
    );
  }

  return (
    <form onSubmit={submit} className="grid gap-4" aria-labelledby="inquiry-heading">
      <h2 id="inquiry-heading" className="text-xl font-semibold">
        Tell {speakerDisplayName(form.speaker)} about your event
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Organization" error={errors.organization}>
          <Input name="organization" required maxLength={200} autoComplete="organization" />
        </FormField>
        <FormField label="Your name" error={errors.contactName}>
          <Input name="contactName" required maxLength={200} autoComplete="name" />
        </FormField>
        <FormField label="Email" error={errors.email}>
          <Input name="email" type="email" required maxLength={254} autoComplete="email" />
        </FormField>
        <FormField label="Phone (optional)" error={errors.phone}>
          <Input name="phone" type="tel" maxLength={50} autoComplete="tel" />
        </FormField>
        <FormField
          label="Event date (optional)"
          error={errors.eventDate}
          description={availability ? AVAILABILITY_TEXT[availability.state] : undefined}
        >
          <Input name="eventDate" type="date" onChange={(change) => check(change.target.value)} />
        </FormField>
        <FormField label="Audience size (optional)" error={errors.audienceSize}>
          <Input name="audienceSize" type="number" min={0} step={1} inputMode="numeric" />
        </FormField>
        <FormField label="City (optional)" error={errors.city}>
          <Input name="city" maxLength={200} autoComplete="address-level2" />
        </FormField>
        <FormField label="State (optional)" error={errors.state}>
          <Input name="state" maxLength={200} autoComplete="address-level1" />
        </FormField>
        <FormField label="Budget (optional)" error={errors.budget}>
          <Input name="budget" maxLength={200} placeholder="e.g. $5,000–$10,000" />
        </FormField>
        <FormField label="Topic (optional)" error={errors.topic}>
          {form.speaker.topics.length > 0 ? (
            <Select name="topic" defaultValue="">
              <option value="">Not sure yet</option>
              {form.speaker.topics.map((topic) => (
                <option key={topic.title} value={topic.title}>
                  {topic.title}
                </option>
              ))}
            </Select>
          ) : (
            <Input name="topic" maxLength={200} />
          )}
        </FormField>
      </div>
      <FormField label="Message" error={errors.message}>
        <Textarea name="message" required maxLength={4000} rows={5} />
      </FormField>
      {/* The honeypot: hidden from people and screen readers; a bot that fills it is refused quietly. */}
      <div aria-hidden="true" className="absolute -left-[10000px] size-px overflow-hidden">
        <label>
          Leave this field empty
          <input name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      {failure && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {failure}
        </p>
      )}
      <div>
        <Button type="submit" disabled={isSending} className="w-full sm:w-auto">
          {isSending ? "Sending…" : "Send inquiry"}
        </Button>
      </div>
    </form>
  );
}
