import { Search, SlidersHorizontal, X } from "lucide-react";
import { useId, useState } from "react";
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
import { cn } from "../../../lib/cn.ts";
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
  /** The order the current view lists by when the speaker chose none. */
  defaultSort: EventSort;
};

/**
 * Search within the events, filter by status and dates, and choose the order. On phones the filters fold
 * away behind a button, so the list starts near the top of the screen.
 */
export function EventFilterBar({
  searchText,
  onSearchTextChange,
  filters,
  isFiltered,
  onFilterChange,
  onClear,
  defaultSort,
}: EventFilterBarProps) {
  const panelId = useId();
  const activeCount = [filters.status, filters.from, filters.to, filters.sort !== defaultSort].filter(
    Boolean,
  ).length;
  const [isOpen, setIsOpen] = useState(activeCount > 0);

  return (
    <search
      aria-label="Filter events"
      className="grid gap-3 rounded-lg border border-border bg-card p-4 shadow-card"
    >
      <div className="flex items-end gap-2">
        <div className="grid min-w-0 flex-1 gap-1.5">
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
        <Button
          variant="outline"
          className="md:hidden"
          aria-expanded={isOpen}
          aria-controls={panelId}
          onClick={() => setIsOpen(!isOpen)}
        >
          <SlidersHorizontal aria-hidden="true" />
          Filters{activeCount > 0 && ` (${activeCount})`}
        </Button>
      </div>
      <div id={panelId} className={cn("grid grid-cols-2 gap-3 md:grid md:grid-cols-4", !isOpen && "hidden")}>
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
        {(["from", "to"] as const).map((name) => (
          // Phones give each date the full width: the browser's date field needs more than half of it.
          <div key={name} className="col-span-2 grid min-w-0 gap-1.5 md:col-span-1">
            <Label htmlFor={`event-${name}`}>{name === "from" ? "From" : "To"}</Label>
            <Input
              id={`event-${name}`}
              type="date"
              value={filters[name] ?? ""}
              min={name === "to" ? filters.from : undefined}
              max={name === "from" ? filters.to : undefined}
              onChange={(event) => onFilterChange(name, event.target.value || undefined)}
            />
          </div>
        ))}
      </div>
      {isFiltered && (
        <div className="flex justify-end">
          <Button variant="ghost" size="sm" onClick={onClear}>
            <X aria-hidden="true" />
            Clear filters
          </Button>
        </div>
      )}
    </search>
  );
}
