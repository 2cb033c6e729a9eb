import { Link } from "react-router";
import type { EventSummary } from "../../../../shared/schemas/summaries.ts";
import { cn } from "../../../lib/cn.ts";
import { formatDollars } from "../../../lib/money.ts";
import { describePlace } from "./event-format.ts";
import { EventStatusBadge } from "./event-status-badge.tsx";

type EventSummaryListProps = {
  events: EventSummary[];
  /** Show each event's client under its place (off where the client is the page's subject). */
  showClient?: boolean;
  className?: string;
};

function DateTile({ isoDate }: { isoDate: string }) {
  const [year, month, day] = isoDate.split("-").map(Number);
  const date = new Date(year!, month! - 1, day!);
  return (
    <span className="flex w-14 shrink-0 flex-col items-center rounded-md border border-border bg-muted/60 py-1 leading-tight">
      <span className="text-xs font-semibold text-primary uppercase">
        {date.toLocaleDateString("en-US", { month: "short" })}
      </span>
      <span className="text-lg font-semibold">{day}</span>
      <span className="text-xs text-muted-foreground">{year}</span>
    </span>
  );
}

/** A compact list of events that reads well at any width: date, name, place, status and gross fee. */
export function EventSummaryList({ events, showClient = true, className }: EventSummaryListProps) {
  return (
    <ul className={cn("divide-y divide-border", className)}>
      {events.map((event) => (
        <li key={event.id} className="relative flex items-start gap-3 py-3 first:pt-0 last:pb-0">
          <DateTile isoDate={event.date} />
          <div className="grid min-w-0 flex-1 gap-1">
            <Link
              to={`/events/${event.id}`}
              className="font-medium break-words text-foreground after:absolute after:inset-0 hover:text-primary"
            >
              {event.title}
            </Link>
            <span className="truncate text-sm text-muted-foreground">
              {[event.time, describePlace(event), showClient ? event.clientName : null]
                .filter(Boolean)
                .join(" · ") || "No venue yet"}
            </span>
            <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <EventStatusBadge status={event.status} />
              <span className="text-sm font-medium tabular-nums">{formatDollars(event.grossFee)}</span>
            </span>
          </div>
        </li>
      ))}
    </ul>
  );
}
