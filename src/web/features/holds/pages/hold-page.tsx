import { type FormEvent, useState } from "react";
import { formatLongDate } from "../../../../shared/calendar-dates.ts";
import type { PublicPageProps } from "../../../../shared/public-page.ts";
import type { PublicHold } from "../../../../shared/schemas/holds.ts";
import { speakerDisplayName } from "../../../../shared/speaker-name.ts";
import { api, describeError } from "../../../lib/api.ts";
import {
  PublicFormActions,
  PublicLinkFrame,
  PublicLinkPending,
  tokenOfPath,
  usePublicLink,
} from "../../../public-pages/public-link.tsx";

type HoldAnswer = NonNullable<PublicHold["answered"]>;

const ANSWERED_TEXT: Record<HoldAnswer, string> = {
  confirm: "You confirmed your interest in this date. The speaker will be in touch to book it. Thank you!",
  release: "You released this date. Thank you for letting the speaker know!",
};

function AnswerForm({ token, onAnswered }: { token: string; onAnswered: (answer: HoldAnswer) => void }) {
  const [message, setMessage] = useState("");
  const [pending, setPending] = useState<HoldAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const send = (answer: HoldAnswer) => (submitted?: FormEvent) => {
    submitted?.preventDefault();
    setPending(answer);
    setError(null);
    api
      .post(`/api/public/holds/${encodeURIComponent(token)}`, { answer, message: message || undefined })
      .then(() => onAnswered(answer))
      .catch((failure: unknown) =>
        setError(describeError(failure, "Your answer could not be sent. Please try again.")),
      )
      .finally(() => setPending(null));
  };
  return (
    <form onSubmit={send("confirm")} className="grid gap-4">
      <div className="grid gap-1.5">
        <label htmlFor="hold-message" className="text-sm font-medium">
          Message to the speaker (optional)
        </label>
        <textarea
          id="hold-message"
          rows={3}
          maxLength={2000}
          value={message}
          onChange={(change) => setMessage(change.target.value)}
          className="rounded-md border border-input bg-card px-3 py-2 text-base"
        />
      </div>
      {error && (
        <p role="alert" className="rounded-md bg-destructive-soft p-3 text-sm text-destructive">
          {error}
        </p>
      )}
      <PublicFormActions
        submit={{ label: "We're still interested", busyLabel: "Sending…", isBusy: pending === "confirm" }}
        other={{ label: "Release the date", busyLabel: "Sending…", isBusy: pending === "release" }}
        onOther={send("release")}
      />
    </form>
  );
}

/**
 * `/hold/<token>` (issue 31, public, phone first): the planner holding a speaker's date first is asked to
 * confirm their interest or release it by a deadline. The server renders it with the hold (decision 042);
 * an answered link shows its answer. Unknown links answer 404 like every public page.
 */
export default function HoldPage({ path, answer }: PublicPageProps) {
  const token = tokenOfPath(path);
  const [state, show] = usePublicLink<PublicHold>(answer, `/api/public/holds/${encodeURIComponent(token)}`);

  if (state.kind !== "ready") return <PublicLinkPending state={state} />;
  const hold = state.data;
  const speaker = speakerDisplayName(hold.speaker, { atStart: true });
  const place = [hold.event.city, hold.event.state].filter(Boolean).join(", ");
  return (
    <PublicLinkFrame>
      <div className="grid gap-2">
        <h1 className="text-2xl font-semibold [overflow-wrap:anywhere]">
          Is {formatLongDate(hold.event.date)} still yours?
        </h1>
        <p className="text-muted-foreground">
          {speaker} has another request for this date. Your hold is the first, so you decide first.
        </p>
      </div>
      <dl className="grid gap-3 rounded-lg border border-border bg-card p-4 text-sm">
        <div className="grid gap-0.5">
          <dt className="text-muted-foreground">Speaker</dt>
          <dd className="font-medium">{speaker}</dd>
        </div>
        <div className="grid gap-0.5">
          <dt className="text-muted-foreground">Event</dt>
          <dd className="font-medium [overflow-wrap:anywhere]">{hold.event.title}</dd>
        </div>
        <div className="grid gap-0.5">
          <dt className="text-muted-foreground">Date</dt>
          <dd className="font-medium">
            {formatLongDate(hold.event.date)}
            {place && ` · ${place}`}
          </dd>
        </div>
        <div className="grid gap-0.5">
          <dt className="text-muted-foreground">Please answer by</dt>
          <dd className="font-medium">{formatLongDate(hold.deadline)}</dd>
        </div>
      </dl>
      {hold.answered ? (
        <p role="status" className="rounded-lg bg-success-soft p-4 text-sm text-success">
          {ANSWERED_TEXT[hold.answered]}
        </p>
      ) : (
        <AnswerForm token={token} onAnswered={(answered) => show({ ...hold, answered })} />
      )}
    </PublicLinkFrame>
  );
}
