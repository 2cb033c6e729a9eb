import { ExternalLink, MapPin } from "lucide-react";
import type { NearbyCategory, NearbyPlace, NearbyPlaces } from "../../../../shared/schemas/nearby-places.ts";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { ErrorState } from "../../../components/ui/error-state.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../components/ui/tabs.tsx";
import { useNearbyPlaces } from "../api/nearby-places.ts";
import { describeKind, formatDistance } from "./place-format.ts";

const CATEGORY_LABELS: Record<NearbyCategory, string> = { food: "Food", activities: "Things to do" };

/** "Near the venue" on the event page (issue 18): restaurants and cafés, and things to do, within 1.5 km. */
export function NearbyPlacesPanel({ eventId }: { eventId: string }) {
  return (
    <Card role="region" aria-labelledby="near-the-venue">
      <CardHeader>
        <CardTitle id="near-the-venue" className="text-base">
          Near the venue
        </CardTitle>
        <CardDescription>Places to eat and things to do within about a mile.</CardDescription>
      </CardHeader>
      <CardContent>
        <Tabs defaultValue="food">
          <TabsList aria-label="Kind of place">
            {(["food", "activities"] as const).map((category) => (
              <TabsTrigger key={category} value={category}>
                {CATEGORY_LABELS[category]}
              </TabsTrigger>
            ))}
          </TabsList>
          {(["food", "activities"] as const).map((category) => (
            <TabsContent key={category} value={category}>
              <NearbyList eventId={eventId} category={category} />
            </TabsContent>
          ))}
        </Tabs>
      </CardContent>
    </Card>
  );
}

function NearbyList({ eventId, category }: { eventId: string; category: NearbyCategory }) {
  const query = useNearbyPlaces(eventId, category);
  if (query.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner className="size-4" /> Looking around the venue…
      </p>
    );
  }
  if (query.isError) {
    return <ErrorState title="Could not load places" error={query.error} onRetry={() => query.refetch()} />;
  }
  const answer = query.data;
  if (answer.searchLinks.length === 0) {
    return <p className="text-sm text-muted-foreground">Add the venue's address to see places nearby.</p>;
  }
  return (
    <div className="grid gap-4">
      {answer.source === "links-only" ? (
        <p className="text-sm text-muted-foreground">
          We could not look up places near this address just now. Search the map instead:
        </p>
      ) : answer.places.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing listed on OpenStreetMap within about a mile.</p>
      ) : (
        <ul className="grid gap-3" aria-label={`${CATEGORY_LABELS[category]} near the venue`}>
          {answer.places.map((place) => (
            <PlaceItem key={place.osmUrl} place={place} />
          ))}
        </ul>
      )}
      <SearchLinks answer={answer} category={category} />
    </div>
  );
}

function PlaceItem({ place }: { place: NearbyPlace }) {
  return (
    <li className="grid gap-1 rounded-md border border-border p-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <p className="font-medium break-words">{place.name}</p>
        <p className="text-sm whitespace-nowrap text-muted-foreground">
          {formatDistance(place.distanceMeters)}
        </p>
      </div>
      <p className="text-sm text-muted-foreground">{describeKind(place)}</p>
      {place.address && <p className="text-sm break-words">{place.address}</p>}
      {place.openingHours && (
        <p className="text-sm break-words">
          <span className="text-muted-foreground">Hours: </span>
          {place.openingHours}
        </p>
      )}
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <a
          href={place.osmUrl}
          target="_blank"
          rel="noreferrer"
          className="inline-flex items-center gap-1 font-medium text-primary hover:underline"
        >
          <MapPin aria-hidden="true" className="size-3.5" />
          Map<span className="sr-only"> of {place.name}</span>
        </a>
        {place.website && (
          <a
            href={place.website}
            target="_blank"
            rel="noreferrer nofollow"
            className="inline-flex items-center gap-1 font-medium text-primary hover:underline"
          >
            <ExternalLink aria-hidden="true" className="size-3.5" />
            Website<span className="sr-only"> of {place.name}</span>
          </a>
        )}
      </p>
    </li>
  );
}

function SearchLinks({ answer, category }: { answer: NearbyPlaces; category: NearbyCategory }) {
  const what = category === "food" ? "restaurants" : "things to do";
  return (
    <div className="grid gap-2">
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {answer.searchLinks.map((link) => (
          <a
            key={link.label}
            href={link.url}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1 font-medium text-primary hover:underline"
          >
            <ExternalLink aria-hidden="true" className="size-3.5" />
            Search {what} on {link.label}
          </a>
        ))}
      </p>
      {answer.source === "openstreetmap" && (
        <p className="text-xs text-muted-foreground">
          Places from{" "}
          <a
            href="https://www.openstreetmap.org/copyright"
            target="_blank"
            rel="noreferrer"
            className="underline"
          >
            © OpenStreetMap contributors
          </a>
        </p>
      )}
    </div>
  );
}
