import { type FormEvent, useState } from "react";
import { formatLongDate } from "../../../../shared/calendar-dates.ts";
import type { PublicPageProps } from "../../../../shared/public-page.ts";
import type { PublicTestimonial, TestimonialInput } from "../../../../shared/schemas/testimonials.ts";
import { speakerDisplayName } from "../../../../shared/speaker-name.ts";
import { MAX_REFERRALS, TESTIMONIAL_THANKS } from "../../../../shared/testimonial-texts.ts";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { ApiError, api, describeError } from "../../../lib/api.ts";
import {
  PublicLinkFrame,
  PublicLinkPending,
  tokenOfPath,
  usePublicLink,
} from "../../../public-pages/public-link.tsx";

type Colleague = { key: number; name: string; email: string; organization: string };

const RATING_WORDS = ["", "Poor", "Fair", "Good", "Very good", "Excellent"];

function Thanks() {
  return (
    <p role="status" className="rounded-lg bg-success-soft p-4 text-success">
      {TESTIMONIAL_THANKS}
    </p>
  );
}

/**
 * `/t/<token>` (issue 33, public, phone first): the planner rates the talk, writes a quote, says whether it
 * may be published, and may name colleagues who book speakers. The server renders it with the link's
 * answer (decision 042); unknown, replaced and expired links answer 404 like every public page.
 */
export default function TestimonialPage({ path, answer }: PublicPageProps) {
  const token = tokenOfPath(path);
  const [state, show] = usePublicLink<PublicTestimonial>(
    answer,
    `/api/public/testimonials/${encodeURIComponent(token)}`,
  );

  if (state.kind !== "ready") return <PublicLinkPending state={state} />;
  const link = state.data;
  const speaker = speakerDisplayName(link.speaker);
  const place = [link.event.city, link.event.state].filter(Boolean).join(", ");
  return (
    <PublicLinkFrame>
      <div className="grid gap-2">
        <h1 className="text-2xl font-semibold [overflow-wrap:anywhere]">How was {speaker}?</h1>
        <p className="text-muted-foreground [overflow-wrap:anywhere]">
          {link.event.title} · {formatLongDate(link.event.date)}
          {place && ` · ${place}`}
        </p>
      </div>
      {link.submitted ? (
        <Thanks />
      ) : (
        <TestimonialForm
          token={token}
          speaker={link.speaker}
          onSent={() => show({ ...link, submitted: true })}
        />
      )}
    </PublicLinkFrame>
  );
}

const text = (data: FormData, name: string) => String(data.get(name) ?? "").trim();

function TestimonialForm({
  token,
  speaker: names,
  onSent,
}: {
  token: string;
  speaker: PublicTestimonial["speaker"];
  onSent: () => void;
}) {
  // Both sentences that name the speaker start with them.
  const speaker = speakerDisplayName(names, { atStart: true });
  const [rating, setRating] = useState(0);
  const [colleagues, setColleagues] = useState<Colleague[]>([]);
  const [nextKey, setNextKey] = useState(1);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);

  const addColleague = () => {
    setColleagues([...colleagues, { key: nextKey, name: "", email: "", organization: "" }]);
    setNextKey(nextKey + 1);
  };
  const changeColleague = (key: number, patch: Partial<Colleague>) =>
    setColleagues(
      colleagues.map((colleague) => (colleague.key === key ? { ...colleague, ...patch } : colleague)),
    );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const found: Record<string, string> = {};
    if (rating < 1) found.rating = "Choose a rating from 1 to 5";
    if (!text(data, "quote")) found.quote = "Write a sentence or two";
    if (!text(data, "name")) found.name = "Your name is required";
    if (Object.keys(found).length > 0) {
      setErrors(found);
      setFailure("Please check the highlighted fields.");
      return;
    }
    const body: TestimonialInput = {
      rating,
      quote: text(data, "quote"),
      highlights: text(data, "highlights") || null,
      name: text(data, "name"),
      role: text(data, "role") || null,
      organization: text(data, "organization") || null,
      permission: data.get("permission") === "on",
      referrals: colleagues
        .filter((colleague) => colleague.name.trim() || colleague.email.trim())
        .map((colleague) => ({
          name: colleague.name.trim(),
          email: colleague.email.trim(),
          organization: colleague.organization.trim() || null,
        })),
      website: text(data, "website"),
    };
    setErrors({});
    setFailure(null);
    setIsSending(true);
    api
      .post(`/api/public/testimonials/${encodeURIComponent(token)}`, body)
      .then(onSent)
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 409) return onSent();
        if (error instanceof ApiError) setErrors(error.fields);
        setFailure(describeError(error, "Your testimonial could not be sent. Please try again."));
      })
      .finally(() => setIsSending(false));
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">How would you rate the talk?</legend>
        <div className="grid grid-cols-5 gap-2">
          {[1, 2, 3, 4, 5].map((value) => (
            <label
              key={value}
              className={`flex h-14 cursor-pointer flex-col items-center justify-center rounded-md border text-xl has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring ${
                value <= rating
                  ? "border-warning bg-warning-soft text-warning"
                  : "border-input bg-card text-muted-foreground"
              }`}
            >
              <input
                type="radio"
                name="rating"
                value={value}
                checked={rating === value}
                onChange={() => setRating(value)}
                className="sr-only"
              />
              <span aria-hidden="true">★</span>
              <span className="text-xs font-medium">{value}</span>
              <span className="sr-only">{`${value} of 5, ${RATING_WORDS[value]}`}</span>
            </label>
          ))}
        </div>
        <p className="min-h-5 text-sm text-muted-foreground" aria-live="polite">
          {rating > 0 ? `${rating} of 5: ${RATING_WORDS[rating]}` : ""}
        </p>
        {errors.rating && <p className="text-sm font-medium text-destructive">{errors.rating}</p>}
      </fieldset>
      <FormField label="What stood out? (optional)" error={errors.highlights}>
        <Textarea name="highlights" rows={3} maxLength={2000} />
      </FormField>
      <FormField
        label="Your testimonial"
        error={errors.quote}
        description="A sentence or two about the talk, in your words."
      >
        <Textarea name="quote" rows={4} maxLength={2000} required />
      </FormField>
      <FormField label="Your name" error={errors.name}>
        <Input name="name" autoComplete="name" maxLength={200} required />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Role (optional)" error={errors.role}>
          <Input name="role" autoComplete="organization-title" maxLength={200} />
        </FormField>
        <FormField label="Organisation (optional)" error={errors.organization}>
          <Input name="organization" autoComplete="organization" maxLength={200} />
        </FormField>
      </div>
      <label className="flex items-start gap-3 rounded-md border border-border bg-card p-3 text-sm">
        <input type="checkbox" name="permission" className="mt-0.5 size-5 shrink-0 accent-primary" />
        <span>
          {speaker} may publish my testimonial with my name, role and organisation (on their website, media
          kit and one-sheet).
        </span>
      </label>

      <fieldset className="grid gap-3">
        <legend className="mb-1 text-sm font-medium">Colleagues who book speakers (optional)</legend>
        <p className="text-sm text-muted-foreground">
          Know someone who would enjoy this talk? {speaker} will get in touch with them.
        </p>
        {colleagues.map((colleague, index) => (
          <div key={colleague.key} className="grid gap-3 rounded-md border border-border p-3">
            <div className="flex items-center justify-between gap-2">
              <p className="text-sm font-medium">Colleague {index + 1}</p>
              <button
                type="button"
                className="rounded-sm text-sm font-medium text-primary hover:underline"
                onClick={() => setColleagues(colleagues.filter((other) => other.key !== colleague.key))}
              >
                Remove
              </button>
            </div>
            <FormField label="Name" error={errors[`referrals.${index}.name`]}>
              <Input
                value={colleague.name}
                maxLength={200}
                onChange={(e) => changeColleague(colleague.key, { name: e.target.value })}
              />
            </FormField>
            <FormField label="E-mail" error={errors[`referrals.${index}.email`]}>
              <Input
                type="email"
                value={colleague.email}
                maxLength={320}
                onChange={(e) => changeColleague(colleague.key, { email: e.target.value })}
              />
            </FormField>
            <FormField label="Organisation (optional)" error={errors[`referrals.${index}.organization`]}>
              <Input
                value={colleague.organization}
                maxLength={200}
                onChange={(e) => changeColleague(colleague.key, { organization: e.target.value })}
              />
            </FormField>
          </div>
        ))}
        {colleagues.length < MAX_REFERRALS && (
          <button
            type="button"
            onClick={addColleague}
            className="h-11 rounded-md border border-dashed border-border bg-card px-4 text-sm font-medium text-primary"
          >
            {colleagues.length === 0 ? "Add a colleague" : "Add another colleague"}
          </button>
        )}
      </fieldset>

      {/* The honeypot: hidden from people and screen readers; a bot that fills it is refused quietly. */}
      <div aria-hidden="true" className="absolute -left-[10000px] size-px overflow-hidden">
        <label>
          Leave this field empty
          <input name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      {failure && (
        <p role="alert" className="rounded-md bg-destructive-soft p-3 text-sm text-destructive">
          {failure}
        </p>
      )}
      <button
        type="submit"
        disabled={isSending}
        className="h-12 rounded-md bg-primary px-5 text-base font-semibold text-primary-foreground disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        {isSending ? "Sending…" : "Send my testimonial"}
      </button>
    </form>
  );
}
