import { Search, X } from "lucide-react";
import {
  EVENT_STATUS_LABELS,
  EVENT_STATUSES,
  type EventSort,
  type EventStatus,
} from "../../../../shared/schemas/events.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { Select } from "../../../components/ui/select.tsx";
import type { EventFilters } from "../api/list-events.ts";

export const EVENT_SORT_LABELS: Record<EventSort, string> = {
  "-date": "Latest date",
  date: "Earliest date",
  "-fee": "Highest fee",
  fee: "Lowest fee",
  title: "Name (A–Z)",
};

type EventFilterBarProps = {
  searchText: string;
  onSearchTextChange: (text: string) => void;
  filters: EventFilters;
  isFiltered: boolean;
  onFilterChange: (name: "status" | "from" | "to" | "sort", value: string | undefined) => void;
  onClear: () => void;
};

/** Search within the events, filter by status and dates, and choose the order. */
export function EventFilterBar({
  searchText,
  onSearchTextChange,
  filters,
  isFiltered,
  onFilterChange,
  onClear,
}: EventFilterBarProps) {
  return (
    <search
      aria-label="Filter events"
      className="grid grid-cols-2 gap-3 rounded-lg border border-border bg-card p-4 shadow-card lg:grid-cols-4"
    >
      <div className="col-span-2 grid min-w-0 gap-1.5">
        <Label htmlFor="event-search">Search events</Label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            id="event-search"
            type="search"
            placeholder="Name, venue, city or client"
            value={searchText}
            onChange={(event) => onSearchTextChange(event.target.value)}
            className="pl-9"
          />
        </div>
      </div>
      <div className="grid min-w-0 gap-1.5">
        <Label htmlFor="event-status">Status</Label>
        <Select
          id="event-status"
          value={filters.status ?? ""}
          onChange={(event) => onFilterChange("status", (event.target.value as EventStatus) || undefined)}
        >
          <option value="">All statuses</option>
          {EVENT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {EVENT_STATUS_LABELS[status]}
            </option>
          ))}
        </Select>
      </div>
      <div className="grid min-w-0 gap-1.5">
        <Label htmlFor="event-sort">Sort by</Label>
        <Select
          id="event-sort"
          value={filters.sort}
          onChange={(event) => onFilterChange("sort", event.target.value)}
        >
          {Object.entries(EVENT_SORT_LABELS).map(([sort, label]) => (
            <option key={sort} value={sort}>
              {label}
            </option>
          ))}
        </Select>
      </div>
      <div className="grid min-w-0 gap-1.5">
        <Label htmlFor="event-from">From</Label>
        <Input
          id="event-from"
          type="date"
          value={filters.from ?? ""}
          max={filters.to}
          onChange={(event) => onFilterChange("from", event.target.value || undefined)}
        />
      </div>
      <div className="grid min-w-0 gap-1.5">
        <Label htmlFor="event-to">To</Label>
        <Input
          id="event-to"
          type="date"
          value={filters.to ?? ""}
          min={filters.from}
          onChange={(event) => onFilterChange("to", event.target.value || undefined)}
        />
      </div>
      {isFiltered && (
        <div className="col-span-2 flex items-end justify-end">
          <Button variant="ghost" size="sm" onClick={onClear}>
            <X aria-hidden="true" />
            Clear filters
          </Button>
        </div>
      )}
    </search>
  );
}
