import { Building2, CalendarDays } from "lucide-react";
import { Link } from "react-router";
import type { SearchResults as Results } from "../../../../shared/schemas/search.ts";
import { cn } from "../../../lib/cn.ts";
import { formatShortDate, joinPresent } from "../../../lib/format.ts";

export type SearchOption = { key: string; href: string };

/** The events and clients of a search, as the flat list the keyboard moves through. */
export function listSearchOptions(results: Results): SearchOption[] {
  return [
    ...results.events.map((event) => ({ key: `event-${event.id}`, href: `/events/${event.id}` })),
    ...results.clients.map((client) => ({ key: `client-${client.id}`, href: `/clients/${client.id}` })),
  ];
}

type SearchResultsProps = {
  results: Results;
  idPrefix: string;
  activeKey: string | null;
  onSelect: () => void;
};

/** The grouped options of the search listbox (spec §2: events and clients with counts). */
export function SearchResultGroups({ results, idPrefix, activeKey, onSelect }: SearchResultsProps) {
  const optionClasses = (key: string) =>
    cn(
      "flex items-start gap-3 rounded-md px-3 py-2 text-sm outline-none",
      key === activeKey ? "bg-primary-soft text-primary-soft-foreground" : "hover:bg-muted",
    );
  return (
    <>
      {results.events.length > 0 && (
        // biome-ignore lint/a11y/useSemanticElements: a listbox groups its options with role="group", not fieldsets
        <div role="group" aria-labelledby={`${idPrefix}-events`} className="p-1">
          <div
            id={`${idPrefix}-events`}
            className="px-3 pt-2 pb-1 text-xs font-semibold text-muted-foreground uppercase"
          >
            Events ({results.events.length})
          </div>
          {results.events.map((event) => {
            const key = `event-${event.id}`;
            return (
              <Link
                key={key}
                id={`${idPrefix}-${key}`}
                role="option"
                aria-selected={key === activeKey}
                tabIndex={-1}
                to={`/events/${event.id}`}
                onClick={onSelect}
                className={optionClasses(key)}
              >
                <CalendarDays aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
                <span className="grid min-w-0">
                  <span className="truncate font-medium">{event.title}</span>
                  <span className="truncate text-xs text-muted-foreground">
                    {joinPresent(
                      [formatShortDate(event.date), joinPresent([event.venueName, event.city, event.state])],
                      " · ",
                    )}
                  </span>
                </span>
              </Link>
            );
          })}
        </div>
      )}
      {results.clients.length > 0 && (
        // biome-ignore lint/a11y/useSemanticElements: a listbox groups its options with role="group", not fieldsets
        <div role="group" aria-labelledby={`${idPrefix}-clients`} className="p-1">
          <div
            id={`${idPrefix}-clients`}
            className="px-3 pt-2 pb-1 text-xs font-semibold text-muted-foreground uppercase"
          >
            Clients ({results.clients.length})
          </div>
          {results.clients.map((client) => {
            const key = `client-${client.id}`;
            return (
              <Link
                key={key}
                id={`${idPrefix}-${key}`}
                role="option"
                aria-selected={key === activeKey}
                tabIndex={-1}
                to={`/clients/${client.id}`}
                onClick={onSelect}
                className={optionClasses(key)}
              >
                <Building2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
                <span className="grid min-w-0">
                  <span className="truncate font-medium">{client.name}</span>
                  <span className="truncate text-xs text-muted-foreground">
                    {joinPresent([client.company, client.email], " · ")}
                  </span>
                </span>
              </Link>
            );
          })}
        </div>
      )}
    </>
  );
}
