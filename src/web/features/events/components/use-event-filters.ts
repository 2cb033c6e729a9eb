import { useSearchParams } from "react-router";
import {
  EVENT_SORTS,
  EVENT_STATUSES,
  type EventSort,
  type EventStatus,
} from "../../../../shared/schemas/events.ts";
import { localToday } from "../../../lib/local-date.ts";
import type { EventFilters } from "../api/list-events.ts";

export const DEFAULT_EVENT_SORT: EventSort = "-date";
type FilterName = "q" | "status" | "from" | "to" | "sort" | "when";

/** Which part of the calendar the list shows: the next talk first by default (issue 12, item 11). */
export const EVENT_VIEWS = ["upcoming", "past", "all"] as const;
export type EventView = (typeof EVENT_VIEWS)[number];

function yesterday(today: string): string {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

/**
 * The list's query for a view: upcoming events from today, soonest first; past ones up to yesterday, latest
 * first; all of them latest first. A sort or dates the speaker chose win over the view's.
 */
export function applyEventView(filters: EventFilters, view: EventView, today = localToday()): EventFilters {
  if (view === "upcoming") return { ...filters, from: filters.from ?? today, sort: filters.sort ?? "date" };
  if (view === "past")
    return { ...filters, to: filters.to ?? yesterday(today), sort: filters.sort ?? "-date" };
  return { ...filters, sort: filters.sort ?? DEFAULT_EVENT_SORT };
}

function readChoice<T extends string>(value: string | null, choices: readonly T[]): T | undefined {
  return choices.includes(value as T) ? (value as T) : undefined;
}

/**
 * The event list's filters, kept in the address (`/events?status=hold&sort=date`) so that a filtered list
 * can be bookmarked and survives Back. `new=1` opens the new-event form.
 */
export function useEventFilters() {
  const [params, setParams] = useSearchParams();
  const chosen: EventFilters = {
    q: params.get("q")?.trim() || undefined,
    status: readChoice<EventStatus>(params.get("status"), EVENT_STATUSES),
    from: params.get("from") || undefined,
    to: params.get("to") || undefined,
    sort: readChoice(params.get("sort"), EVENT_SORTS),
  };
  // A search looks through every date unless the speaker picked a view.
  const view = readChoice(params.get("when"), EVENT_VIEWS) ?? (chosen.q ? "all" : "upcoming");
  const filters = { ...chosen, sort: chosen.sort ?? applyEventView(chosen, view).sort };
  const query = applyEventView(chosen, view);
  const isFiltered = Boolean(filters.q || filters.status || filters.from || filters.to);

  const update = (changes: Partial<Record<FilterName | "new", string | undefined>>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        return next;
      },
      { replace: true },
    );

  return {
    filters,
    /** What the list asks the server for: the filters within the view's dates. */
    query,
    view,
    isFiltered,
    isNewFormOpen: params.get("new") === "1",
    setFilter: (name: FilterName, value: string | undefined) => update({ [name]: value }),
    clearFilters: () => update({ q: undefined, status: undefined, from: undefined, to: undefined }),
    setNewFormOpen: (open: boolean) => update({ new: open ? "1" : undefined }),
  };
}
