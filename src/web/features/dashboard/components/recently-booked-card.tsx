import { PartyPopper } from "lucide-react";
import { Link } from "react-router";
import type { RecentlyBooked } from "../../../../shared/schemas/dashboard.ts";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { formatShortDate } from "../../../lib/format.ts";

/** "Booked: <event>": the booking links that confirmed their events by themselves lately (issue 32). */
export function RecentlyBookedCard({ booked }: { booked: RecentlyBooked[] }) {
  return (
    <Card className="border-success/40">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <PartyPopper aria-hidden="true" className="size-5 text-success" />
          Newly booked
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2">
          {booked.map((item) => (
            <li key={item.eventId} className="text-sm">
              <Link to={`/events/${item.eventId}`} className="font-medium text-primary hover:underline">
                Booked: {item.title}
              </Link>
              <span className="text-muted-foreground">
                {" "}
                · {formatShortDate(item.date)} · the planner signed and paid the deposit
              </span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
