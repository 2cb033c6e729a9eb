import { lazy, type ReactNode, Suspense, startTransition, useEffect, useState } from "react";
import { formatLongDate } from "../../../../shared/calendar-dates.ts";
import { formatBytes } from "../../../../shared/file-size.ts";
import {
  errorOfAnswer,
  type PublicPageAnswer,
  type PublicPageProps,
} from "../../../../shared/public-page.ts";
import type { PublicBooking } from "../../../../shared/schemas/bookings.ts";
import { speakerDisplayName } from "../../../../shared/speaker-name.ts";
import { ApiError, api, describeError } from "../../../lib/api.ts";
import { cn } from "../../../lib/cn.ts";
import { formatShortDate } from "../../../lib/format.ts";
import { formatDollars } from "../../../lib/money.ts";
import {
  PUBLIC_BUTTON,
  PUBLIC_BUTTON_SECONDARY,
  PublicLinkFrame,
  PublicLinkPending,
  tokenOfPath,
} from "../../../public-pages/public-link.tsx";
import { ScrollingAgreement } from "../../contracts/components/agreement-text.tsx";
import { SignAgreementForm, type SignatureGiven } from "../../contracts/components/sign-agreement-form.tsx";
import { AnsweredNotice } from "../../questionnaires/components/answered-notice.tsx";
import { MediaKitView } from "../../share/components/media-kit-view.tsx";

type Step = PublicBooking["step"];
type Invoice = NonNullable<PublicBooking["deposit"]>;

type State =
  | { kind: "loading" }
  | { kind: "unavailable"; message: string }
  | { kind: "ready"; booking: PublicBooking };

const UNAVAILABLE = "This booking could not be loaded. Please try again.";
const STEP_LABELS: Record<Step, string> = {
  sign: "Review and sign the agreement",
  pay: "Pay the deposit",
  done: "Done",
};
/** The steps in order (type-only import of the schemas: zod stays out of the page's JavaScript). */
const STEPS = Object.keys(STEP_LABELS) as Step[];

const bookingApi = (token: string) => `/api/public/bookings/${encodeURIComponent(token)}`;

/** What the page shows for the answer the server rendered it with; loading when it has none. */
function stateOfAnswer(answer: PublicPageAnswer | undefined): State {
  if (!answer) return { kind: "loading" };
  if (answer.status === 200) return { kind: "ready", booking: answer.body as PublicBooking };
  return { kind: "unavailable", message: errorOfAnswer(answer) ?? UNAVAILABLE };
}

const cardClasses = "grid gap-3 rounded-lg border border-border bg-card p-4";

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid content-start gap-0.5">
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="font-medium [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

/** "Pay the $1,600.00 deposit by Dec 21, 2026": what the pay step asks, named before signing too. */
const payDeposit = (deposit: Invoice) =>
  `Pay the ${formatDollars(deposit.balanceDue)} deposit by ${formatShortDate(deposit.dueDate)}`;

/** The event and the agreed figures (those of the agreement sent), with the deposit still to pay. */
function EventDetails({ event, deposit }: { event: PublicBooking["event"]; deposit: Invoice | null }) {
  const place = [event.venueName, event.city, event.state].filter(Boolean).join(", ");
  return (
    <dl className={cn(cardClasses, "text-sm sm:grid-cols-2")}>
      <Detail term="Event">{event.title}</Detail>
      <Detail term="Date">
        {formatLongDate(event.date)}
        {event.time && ` · ${event.time}`}
      </Detail>
      {place && <Detail term="Venue">{place}</Detail>}
      <Detail term="Speaking fee">{formatDollars(event.fee)}</Detail>
      {event.travelFee > 0 && <Detail term="Travel fee">{formatDollars(event.travelFee)}</Detail>}
      <Detail term="Total">{formatDollars(event.grossFee)}</Detail>
      {deposit && deposit.status !== "paid" && (
        <Detail term="Deposit">
          {formatDollars(deposit.balanceDue)} due by {formatShortDate(deposit.dueDate)}
        </Detail>
      )}
    </dl>
  );
}

/** The three steps in order, the current one marked (done ones ticked). */
function Progress({ step }: { step: Step }) {
  const current = STEPS.indexOf(step);
  return (
    <ol aria-label="Booking steps" className="grid gap-2 sm:grid-cols-3">
      {STEPS.map((each, index) => (
        <li
          key={each}
          aria-current={index === current ? "step" : undefined}
          className={cn(
            "flex items-center gap-2 rounded-md border px-3 py-2 text-sm",
            index === current
              ? "border-primary bg-primary text-primary-foreground font-semibold"
              : "border-border bg-card",
            index < current && "text-muted-foreground",
          )}
        >
          <span aria-hidden="true" className="shrink-0">
            {index < current ? "✓" : `${index + 1}.`}
          </span>
          {STEP_LABELS[each]}
          {index < current && <span className="sr-only"> (done)</span>}
        </li>
      ))}
    </ol>
  );
}

function InvoiceSummary({ label, invoice }: { label: string; invoice: Invoice }) {
  return (
    <dl className="grid gap-3 text-sm sm:grid-cols-3">
      <Detail term={label}>{formatDollars(invoice.balanceDue)}</Detail>
      <Detail term="Invoice">{invoice.number}</Detail>
      <Detail term="Due">{formatLongDate(invoice.dueDate)}</Detail>
    </dl>
  );
}

function SignStep({
  booking,
  token,
  onSigned,
}: {
  booking: PublicBooking;
  token: string;
  onSigned: () => void;
}) {
  const { contract } = booking;
  if (!contract) {
    return (
      <p className="text-muted-foreground">The agreement is on its way: the speaker will send it soon.</p>
    );
  }
  const sign = async (signature: SignatureGiven) => {
    // The hash of the text read here: if the one on file differs, the server signs nothing (409).
    await api.post(`${bookingApi(token)}/sign`, { ...signature, documentSha256: contract.documentSha256 });
    onSigned();
  };
  return (
    <section aria-labelledby="sign-heading" className="grid gap-4">
      <h2 id="sign-heading" className="text-xl font-semibold">
        1. Review and sign {contract.isAmendment ? "the amended agreement" : "the agreement"}
      </h2>
      {contract.revisedAt && (
        <p role="status" className="rounded-md bg-warning-soft p-3 text-sm text-warning">
          This agreement changed on {formatLongDate(contract.revisedAt.slice(0, 10))}. Please read it again
          before you sign.
        </p>
      )}
      <h3 className="text-lg font-medium [overflow-wrap:anywhere]">{contract.title}</h3>
      <ScrollingAgreement body={contract.body} />
      <SignAgreementForm disclosure={contract.disclosure} sign={sign} />
    </section>
  );
}

function PayStep({ deposit, token }: { deposit: Invoice; token: string }) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** The speaker takes no cards (409): the bank instructions of the deposit invoice instead. */
  const [payByBank, setPayByBank] = useState(!deposit.canPayByCard);
  const returnedFromCheckout =
    typeof window !== "undefined" && new URLSearchParams(window.location.search).has("payment");
  const checkout = async () => {
    setPending(true);
    setError(null);
    try {
      const { url } = await api.post<{ url: string }>(`${bookingApi(token)}/checkout`, {});
      window.location.assign(url);
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 409) setPayByBank(true);
      else setError(describeError(failure, "The payment could not be started. Please try again."));
      setPending(false);
    }
  };
  return (
    <section aria-labelledby="pay-heading" className="grid gap-4">
      <h2 id="pay-heading" className="text-xl font-semibold">
        2. {payDeposit(deposit)}
      </h2>
      <p className="text-muted-foreground">Thank you for signing. The deposit secures the date.</p>
      {returnedFromCheckout && (
        <p role="status" className="rounded-md bg-muted p-3 text-sm">
          Your payment is being confirmed. This page shows it as soon as it arrives; reload in a moment.
        </p>
      )}
      <div className={cardClasses}>
        <InvoiceSummary label="Deposit due" invoice={deposit} />
        {payByBank ? (
          <div className="grid gap-2 text-sm">
            <h3 className="font-semibold">How to pay</h3>
            <p className="whitespace-pre-line [overflow-wrap:anywhere]">
              {deposit.paymentInstructions ??
                "The speaker will send you payment details. Quote the invoice number with your payment."}
            </p>
          </div>
        ) : (
          <button
            type="button"
            disabled={pending}
            onClick={() => void checkout()}
            className={cn(PUBLIC_BUTTON, "bg-primary text-primary-foreground")}
          >
            {pending ? "Opening the payment page…" : `Pay ${formatDollars(deposit.balanceDue)} by card`}
          </button>
        )}
        {error && (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
        <a href={deposit.url} className="text-sm font-medium text-primary underline">
          View the deposit invoice
        </a>
      </div>
    </section>
  );
}

function DoneStep({ booking }: { booking: PublicBooking }) {
  const speaker = speakerDisplayName(booking.speaker, { atStart: true });
  return (
    <section
      aria-labelledby="done-heading"
      className="grid gap-3 rounded-lg bg-success-soft p-4 text-success"
    >
      <h2 id="done-heading" className="text-xl font-semibold">
        You're booked: confirmed
      </h2>
      <p className="text-sm">
        {speaker} is confirmed for {booking.event.title} on {formatLongDate(booking.event.date)}. The signed
        agreement comes to you by e-mail.
      </p>
    </section>
  );
}

/** A media kit the speaker has not filled in yet shows nothing (no empty "Materials" heading). */
const hasContent = (kit: NonNullable<PublicBooking["mediaKit"]>) =>
  Boolean(
    kit.shortBio ||
      kit.longBio ||
      kit.travelsFrom ||
      kit.feeRange ||
      kit.topics.length + kit.videos.length + kit.testimonials.length > 0,
  );

/** Loaded when the planner opens the step, so the page's first load stays within its budget. */
const QuestionnaireForm = lazy(() =>
  import("../../questionnaires/components/questionnaire-form.tsx").then((module) => ({
    default: module.QuestionnaireForm,
  })),
);

/**
 * "Tell us about your event" (issue 33): the speaker's questionnaire, optional beside signing and paying;
 * saved as a draft or sent from here like its own `/q/` link.
 */
function EventQuestions({ booking, token }: { booking: PublicBooking; token: string }) {
  const [form, setForm] = useState(booking.questionnaire);
  const [isOpen, setOpen] = useState(false);
  if (!form) return null;
  return (
    <section aria-labelledby="questions-heading" className="grid gap-4 border-t border-border pt-6">
      <h2 id="questions-heading" className="text-xl font-semibold">
        Tell us about your event
      </h2>
      {isOpen ? (
        <Suspense fallback={<p role="status">Loading the questions…</p>}>
          <QuestionnaireForm
            form={form}
            postPath={`/api/public/bookings/${encodeURIComponent(token)}/questionnaire`}
            onSubmitted={(answers) => {
              setForm({ ...form, answers, status: "answered" });
              setOpen(false);
            }}
            onCancel={() => setOpen(false)}
          />
        </Suspense>
      ) : form.status === "answered" ? (
        <AnsweredNotice canChange={form.canChange} onChange={() => setOpen(true)} />
      ) : (
        <div className="grid gap-3">
          <p className="text-sm text-muted-foreground">
            The audience, the room, the timings and who meets the speaker on the day. Optional: it does not
            hold up signing or paying, and you can save and come back.
          </p>
          <button
            type="button"
            onClick={() => setOpen(true)}
            className={`${PUBLIC_BUTTON_SECONDARY} sm:justify-self-start`}
          >
            Answer the questions
          </button>
        </div>
      )}
    </section>
  );
}

function Materials({ booking, token }: { booking: PublicBooking; token: string }) {
  const mediaKit = booking.mediaKit && hasContent(booking.mediaKit) ? booking.mediaKit : null;
  const { files } = booking;
  if (!mediaKit && files.length === 0) return null;
  return (
    <section aria-labelledby="materials-heading" className="grid gap-5 border-t border-border pt-6">
      <h2 id="materials-heading" className="text-xl font-semibold">
        Materials from {speakerDisplayName(booking.speaker)}
      </h2>
      {mediaKit && <MediaKitView kit={mediaKit} />}
      {files.length > 0 && (
        <ul aria-label="Files" className="divide-y divide-border rounded-lg border border-border bg-card">
          {files.map((file) => (
            <li key={file.id} className="flex items-center gap-3 p-3">
              <div className="min-w-0 flex-1">
                <p className="break-words text-sm font-medium">{file.filename}</p>
                <p className="text-xs text-muted-foreground">{formatBytes(file.size)}</p>
              </div>
              <a
                href={`${bookingApi(token)}/files/${encodeURIComponent(file.id)}`}
                download={file.filename}
                aria-label={`Download ${file.filename} (${formatBytes(file.size)})`}
                className="inline-flex min-h-11 items-center rounded-md border border-border px-4 text-sm font-medium"
              >
                Download
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * `/b/<token>` (issue 32, public, phone first): one link takes the planner from "yes" to signed and paid —
 * the speaker and the event, then the agreement to sign, the deposit to pay, and done; below, the
 * speaker's materials and, once booked, the balance invoice. The server renders it with the booking
 * (decision 042, recording no view); the page's own call records the visit and shows where the planner left
 * off. Unknown, revoked or expired links answer the same 404 as every public page.
 */
export default function BookingPage({ path, answer }: PublicPageProps) {
  const [state, setState] = useState<State>(() => stateOfAnswer(answer));
  const token = tokenOfPath(path);
  const load = () =>
    api
      .get<PublicBooking>(bookingApi(token))
      .then((booking) => startTransition(() => setState({ kind: "ready", booking })));

  // biome-ignore lint/correctness/useExhaustiveDependencies: read once per page (and token)
  useEffect(() => {
    // A link that is not live stays so: nothing to record, nothing newer to read.
    if (answer && answer.status !== 200) return;
    load().catch((failure: unknown) => {
      // The booking the page was rendered with stays on screen.
      if (answer) return;
      setState({ kind: "unavailable", message: describeError(failure, UNAVAILABLE) });
    });
  }, [answer, token]);

  if (state.kind !== "ready") return <PublicLinkPending state={state} wide />;
  const { booking } = state;
  const { speaker } = booking;
  const speakerName = speakerDisplayName(speaker);
  return (
    <PublicLinkFrame wide>
      <header className="grid gap-1">
        <p className="text-sm text-muted-foreground">
          {[speaker.title, speaker.name && speaker.businessName].filter(Boolean).join(" · ") || "Speaker"}
        </p>
        <h1 className="text-2xl font-semibold [overflow-wrap:anywhere]">Book {speakerName}</h1>
        <p className="text-muted-foreground">Three steps: sign the agreement, pay the deposit, done.</p>
      </header>
      {booking.message && (
        <p className="rounded-md bg-muted p-3 text-sm whitespace-pre-line [overflow-wrap:anywhere]">
          {booking.message}
        </p>
      )}
      <EventDetails event={booking.event} deposit={booking.deposit} />
      <Progress step={booking.step} />
      {booking.step === "sign" && (
        <SignStep
          booking={booking}
          token={token}
          onSigned={() => void load().catch(() => window.location.reload())}
        />
      )}
      {booking.step === "pay" && booking.deposit && <PayStep deposit={booking.deposit} token={token} />}
      {booking.step === "done" && <DoneStep booking={booking} />}
      {booking.step === "done" && booking.balance && (
        <section aria-labelledby="balance-heading" className={cardClasses}>
          <h2 id="balance-heading" className="text-lg font-semibold">
            The balance
          </h2>
          <InvoiceSummary label="Balance due" invoice={booking.balance} />
          <a href={booking.balance.url} className="text-sm font-medium text-primary underline">
            View the balance invoice
          </a>
        </section>
      )}
      <EventQuestions booking={booking} token={token} />
      <Materials booking={booking} token={token} />
    </PublicLinkFrame>
  );
}
