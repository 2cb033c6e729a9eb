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

type ResultOption = { key: string; href: string; title: string; detail: string };

/** The grouped options of the search listbox (spec §2: events and clients with counts). */
export function SearchResultGroups({ results, idPrefix, activeKey, onSelect }: SearchResultsProps) {
  const groupProps = { idPrefix, activeKey, onSelect };
  return (
    <>
      <ResultGroup
        {...groupProps}
        name="events"
        label="Events"
        icon={CalendarDays}
        options={results.events.map((event) => ({
          key: `event-${event.id}`,
          href: `/events/${event.id}`,
          title: event.title,
          detail: joinPresent(
            [formatShortDate(event.date), joinPresent([event.venueName, event.city, event.state])],
            " · ",
          ),
        }))}
      />
      <ResultGroup
        {...groupProps}
        name="clients"
        label="Clients"
        icon={Building2}
        options={results.clients.map((client) => ({
          key: `client-${client.id}`,
          href: `/clients/${client.id}`,
          title: client.name,
          detail: joinPresent([client.company, client.email], " · "),
        }))}
      />
    </>
  );
}

function ResultGroup({
  name,
  label,
  icon: Icon,
  options,
  idPrefix,
  activeKey,
  onSelect,
}: Omit<SearchResultsProps, "results"> & {
  name: string;
  label: string;
  icon: typeof CalendarDays;
  options: ResultOption[];
}) {
  if (options.length === 0) return null;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a listbox groups its options with role="group", not fieldsets
    <div role="group" aria-labelledby={`${idPrefix}-${name}`} className="p-1">
      <div
        id={`${idPrefix}-${name}`}
        className="px-3 pt-2 pb-1 text-xs font-semibold text-muted-foreground uppercase"
      >
        {label} ({options.length})
      </div>
      {options.map((option) => (
        <Link
          key={option.key}
          id={`${idPrefix}-${option.key}`}
          role="option"
          aria-selected={option.key === activeKey}
          tabIndex={-1}
          to={option.href}
          onClick={onSelect}
          className={cn(
            "flex items-start gap-3 rounded-md px-3 py-2 text-sm outline-none",
            option.key === activeKey ? "bg-primary-soft text-primary-soft-foreground" : "hover:bg-muted",
          )}
        >
          <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
          <span className="grid min-w-0">
            <span className="truncate font-medium">{option.title}</span>
            <span className="truncate text-xs text-muted-foreground">{option.detail}</span>
          </span>
        </Link>
      ))}
    </div>
  );
}
