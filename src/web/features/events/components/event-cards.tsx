import { CalendarDays, MapPin, UserRound } from "lucide-react";
import { Link } from "react-router";
import type { Event } from "../../../../shared/schemas/events.ts";
import { formatShortDate, joinPresent } from "../../../lib/format.ts";
import { formatDollars } from "../../../lib/money.ts";
import { describePlace } from "./event-format.ts";
import { EventStatusBadge } from "./event-status-badge.tsx";

/** Events as cards, for phones: each card opens its event. */
export function EventCards({ events }: { events: Event[] }) {
  return (
    <ul className="grid gap-3">
      {events.map((event) => (
        <li
          key={event.id}
          className="relative rounded-lg border border-border bg-card p-4 shadow-card transition-colors hover:border-primary/40"
        >
          <div className="flex items-start justify-between gap-3">
            <Link
              to={`/events/${event.id}`}
              className="min-w-0 font-semibold break-words text-foreground after:absolute after:inset-0 after:rounded-lg"
            >
              {event.title}
            </Link>
            <EventStatusBadge status={event.status} className="shrink-0" />
          </div>
          <dl className="mt-2 grid gap-1 text-sm text-muted-foreground">
            <div>
              <dt className="sr-only">Date</dt>
              <dd className="flex min-w-0 items-center gap-2">
                <CalendarDays aria-hidden="true" className="size-4 shrink-0" />
                <span className="min-w-0 truncate">
                  {joinPresent([formatShortDate(event.date), event.time], " · ")}
                </span>
              </dd>
            </div>
            {describePlace(event) && (
              <div>
                <dt className="sr-only">Venue</dt>
                <dd className="flex min-w-0 items-center gap-2">
                  <MapPin aria-hidden="true" className="size-4 shrink-0" />
                  <span className="min-w-0 truncate">{describePlace(event)}</span>
                </dd>
              </div>
            )}
            {event.client && (
              <div>
                <dt className="sr-only">Client</dt>
                <dd className="flex min-w-0 items-center gap-2">
                  <UserRound aria-hidden="true" className="size-4 shrink-0" />
                  <span className="min-w-0 truncate">{event.client.name}</span>
                </dd>
              </div>
            )}
          </dl>
          <p className="mt-3 text-right text-base font-semibold tabular-nums">
            {formatDollars(event.grossFee)}
          </p>
        </li>
      ))}
    </ul>
  );
}
