import { CalendarPlus, ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { UPCOMING_DAYS } from "../../../../shared/schemas/dashboard.ts";
import type { EventSummary } from "../../../../shared/schemas/summaries.ts";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { useCan } from "../../auth/api/current-user.ts";
import { EventSummaryList } from "../../events/components/event-summary-list.tsx";

/** How many of the upcoming events the dashboard lists; the rest are a click away. */
const SHOWN = 6;

export function UpcomingEventsCard({ events, today }: { events: EventSummary[]; today: string }) {
  const allUpcoming = `/events?from=${today}&sort=date`;
  const canChange = useCan("book");
  return (
    <Card>
      <CardHeader>
        <div className="flex items-baseline justify-between gap-2">
          <CardTitle>Upcoming events</CardTitle>
          {events.length > 0 && (
            <Link
              to={allUpcoming}
              className="inline-flex items-center gap-0.5 rounded-sm text-sm font-medium text-primary hover:underline"
            >
              See all
              <span className="sr-only"> upcoming events</span>
              <ChevronRight aria-hidden="true" className="size-4" />
            </Link>
          )}
        </div>
        <CardDescription>The next {UPCOMING_DAYS} days.</CardDescription>
      </CardHeader>
      <CardContent>
        {events.length === 0 ? (
          <p className="flex items-center gap-3 rounded-md bg-muted/60 p-4 text-sm text-muted-foreground">
            <CalendarPlus aria-hidden="true" className="size-5 shrink-0" />
            <span>
              Nothing booked in the next {UPCOMING_DAYS} days.{" "}
              {canChange && (
                <Link to="/events?new=1" className="font-medium text-primary hover:underline">
                  Add an event
                </Link>
              )}
            </span>
          </p>
        ) : (
          <EventSummaryList events={events.slice(0, SHOWN)} />
        )}
      </CardContent>
    </Card>
  );
}
