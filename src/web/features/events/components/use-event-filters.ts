import { useSearchParams } from "react-router";
import {
  EVENT_SORTS,
  EVENT_STATUSES,
  type EventSort,
  type EventStatus,
} from "../../../../shared/schemas/events.ts";
import type { EventFilters } from "../api/list-events.ts";

export const DEFAULT_EVENT_SORT: EventSort = "-date";
type FilterName = "q" | "status" | "from" | "to" | "sort";

function readChoice<T extends string>(value: string | null, choices: readonly T[]): T | undefined {
  return choices.includes(value as T) ? (value as T) : undefined;
}

/**
 * The event list's filters, kept in the address (`/events?status=hold&sort=date`) so that a filtered list
 * can be bookmarked and survives Back. `new=1` opens the new-event form.
 */
export function useEventFilters() {
  const [params, setParams] = useSearchParams();
  const filters: EventFilters = {
    q: params.get("q")?.trim() || undefined,
    status: readChoice<EventStatus>(params.get("status"), EVENT_STATUSES),
    from: params.get("from") || undefined,
    to: params.get("to") || undefined,
    sort: readChoice(params.get("sort"), EVENT_SORTS) ?? DEFAULT_EVENT_SORT,
  };
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
    isFiltered,
    isNewFormOpen: params.get("new") === "1",
    setFilter: (name: FilterName, value: string | undefined) => update({ [name]: value }),
    clearFilters: () => update({ q: undefined, status: undefined, from: undefined, to: undefined }),
    setNewFormOpen: (open: boolean) => update({ new: open ? "1" : undefined }),
  };
}
