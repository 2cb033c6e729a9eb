import { useQuery } from "@tanstack/react-query";
import type { EventActivityEntry } from "../../../../shared/schemas/holds.ts";
import { describeActor } from "../../../../shared/schemas/team.ts";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { api } from "../../../lib/api.ts";
import { eventQueryKey } from "../api/get-event.ts";

/** What happened to the event's hold and who did it ("by Sam (assistant)"); nothing until something has. */
export function EventActivityCard({ eventId }: { eventId: string }) {
  // Under the event's key: whatever refreshes the event (a release, a challenge) refreshes its activity too.
  const activity = useQuery({
    queryKey: [...eventQueryKey(eventId), "activity"],
    queryFn: ({ signal }) =>
      api.get<EventActivityEntry[]>(`/api/events/${encodeURIComponent(eventId)}/activity`, { signal }),
  });
  if (!activity.data?.length) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Activity</CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="grid gap-2 text-sm">
          {[...activity.data].reverse().map((entry) => (
            <li key={`${entry.at}-${entry.type}`} className="grid">
              <span className="font-medium">{entry.detail}</span>
              <span className="text-xs text-muted-foreground">
                <time dateTime={entry.at}>
                  {new Date(entry.at).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" })}
                </time>
                {describeActor(entry.by) && ` · ${describeActor(entry.by)}`}
              </span>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
