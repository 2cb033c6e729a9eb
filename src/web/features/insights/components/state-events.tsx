import { Link } from "react-router";
import type { Insights } from "../../../../shared/schemas/insights.ts";
import { NO_STATE } from "../../../../shared/schemas/insights.ts";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { formatShortDate } from "../../../lib/format.ts";
import { formatDollars } from "../../../lib/money.ts";
import { useStateEvents } from "../api/insights.ts";

/** The booked events of the state picked on the map or in the table. */
export function StateEventList({ year, row }: { year: number; row: Insights["byState"][number] }) {
  const query = useStateEvents(year, row.state ?? NO_STATE);
  return (
    <section
      aria-labelledby="state-events-heading"
      className="grid gap-2 rounded-lg border border-border p-4"
    >
      <h3 id="state-events-heading" className="font-semibold">
        {row.state ? `Events in ${row.name}` : "Events without a state"}
      </h3>
      {query.isPending ? (
        <Spinner />
      ) : query.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Could not load these events. Please try again.
        </p>
      ) : (
        <ul className="grid gap-1 text-sm">
          {query.data.items.map((event) => (
            <li key={event.id} className="flex flex-wrap items-baseline justify-between gap-x-3">
              <Link to={`/events/${event.id}`} className="font-medium text-primary hover:underline">
                {event.title}
              </Link>
              <span className="text-muted-foreground">
                {formatShortDate(event.date)}
                {event.city ? ` · ${event.city}` : ""} · {formatDollars(event.fees)}
                {event.attendees != null ? ` · ${event.attendees.toLocaleString("en-US")} attendees` : ""}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
