import { Banknote, CalendarDays, CircleCheck, MapPin, Users } from "lucide-react";

const checklist = [
  { label: "Contract signed", isDone: true },
  { label: "Deposit invoice paid", isDone: true },
  { label: "Media kit shared with the planner", isDone: true },
  { label: "Confirm A/V needs with the venue", isDone: false },
];

/**
 * An illustration of an event page with example data, so visitors see what "every detail on one page"
 * means. It is one image to assistive technology, described by its label.
 */
export function EventPreview() {
  return (
    <div
      role="img"
      aria-label="Example of an event page in Podium: venue, date, fee, audience and a preparation checklist together"
      className="relative mx-auto w-full max-w-md lg:max-w-none"
    >
      <div className="rounded-2xl bg-card p-5 text-foreground shadow-overlay ring-1 ring-white/10 sm:p-6 lg:rotate-1">
        <div className="flex items-start justify-between gap-3">
          <div>
            <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
              Example event
            </p>
            <p className="mt-1 text-lg font-semibold leading-snug">
              Opening keynote, Regional Leadership Summit
            </p>
          </div>
          <span className="shrink-0 rounded-full bg-success-soft px-2.5 py-0.5 text-xs font-medium text-success">
            Confirmed
          </span>
        </div>
        <dl className="mt-5 grid grid-cols-2 gap-3 text-sm">
          <PreviewFact icon={CalendarDays} term="Date" value="Thu, Mar 12 · 9:30 AM" />
          <PreviewFact icon={MapPin} term="Venue" value="Convention Center, Denver, CO" />
          <PreviewFact icon={Users} term="Audience" value="850 attendees" />
          <PreviewFact icon={Banknote} term="Fee" value="$7,500 + $850 travel" />
        </dl>
        <ul className="mt-5 grid gap-2 border-t border-border pt-4 text-sm">
          {checklist.map(({ label, isDone }) => (
            <li key={label} className="flex items-center gap-2">
              <CircleCheck className={isDone ? "size-4 text-success" : "size-4 text-input"} />
              <span className={isDone ? "text-muted-foreground line-through" : "font-medium"}>{label}</span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

function PreviewFact({ icon: Icon, term, value }: { icon: typeof MapPin; term: string; value: string }) {
  return (
    <div className="rounded-lg bg-muted p-3">
      <dt className="flex items-center gap-1.5 text-xs text-muted-foreground">
        <Icon className="size-3.5" />
        {term}
      </dt>
      <dd className="mt-1 font-medium">{value}</dd>
    </div>
  );
}
