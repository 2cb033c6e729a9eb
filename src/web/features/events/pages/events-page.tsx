import { CalendarDays, FileSpreadsheet, Plus, SearchX } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { Link } from "react-router";
import type { EventSort } from "../../../../shared/schemas/events.ts";
import { Button } from "../../../components/ui/button.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { ErrorState } from "../../../components/ui/error-state.tsx";
import { PageHeader } from "../../../components/ui/page-header.tsx";
import { LoadingScreen } from "../../../components/ui/spinner.tsx";
import { useDebouncedValue } from "../../../lib/use-debounced-value.ts";
import { useCan } from "../../auth/api/current-user.ts";
import { useEventList, useHasAnyEvent } from "../api/list-events.ts";
import { EventCards } from "../components/event-cards.tsx";
import { EventFilterBar } from "../components/event-filter-bar.tsx";
import { EventFormDialog } from "../components/event-form-dialog.tsx";
import { EventTable } from "../components/event-table.tsx";
import { EVENT_VIEWS, type EventView, useEventFilters } from "../components/use-event-filters.ts";

const EVENT_VIEW_LABELS: Record<EventView, string> = { upcoming: "Upcoming", past: "Past", all: "All" };

const SEARCH_DEBOUNCE_MS = 300;

export default function EventsPage() {
  const { filters, query, view, isFiltered, isNewFormOpen, setFilter, clearFilters, setNewFormOpen } =
    useEventFilters();
  const [searchText, setSearchText] = useState(filters.q ?? "");
  const debouncedSearch = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const list = useEventList(query);
  const events = list.data?.pages.flatMap((page) => page.items) ?? [];
  const isViewEmpty = !list.isPending && !list.isError && events.length === 0 && !isFiltered;
  const hasAnyEvent = useHasAnyEvent(isViewEmpty && view !== "all");
  const canChange = useCan("book");

  // The typed search reaches the address (and the list) once the speaker pauses.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new search text should write the address
  useEffect(() => {
    if (debouncedSearch !== (filters.q ?? "")) setFilter("q", debouncedSearch || undefined);
  }, [debouncedSearch]);

  // A search changed from outside the box (a link to /events, Back) replaces what the box shows.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new address should rewrite the box
  useEffect(() => {
    if ((filters.q ?? "") !== debouncedSearch) setSearchText(filters.q ?? "");
  }, [filters.q]);

  const clear = () => {
    setSearchText("");
    clearFilters();
  };

  let content: ReactNode;
  if (list.isPending || (isViewEmpty && view !== "all" && hasAnyEvent === undefined)) {
    content = <LoadingScreen className="min-h-64" />;
  } else if (list.isError) {
    content = (
      <ErrorState title="Could not load your events" error={list.error} onRetry={() => list.refetch()} />
    );
  } else if (isViewEmpty && view !== "all" && hasAnyEvent) {
    content = (
      <EmptyState
        icon={CalendarDays}
        title={view === "upcoming" ? "No upcoming events" : "No past events"}
        description={
          view === "upcoming"
            ? "Nothing is on the calendar from today on. Add a booking, or look back at past events."
            : "Every event is still ahead of you."
        }
        action={
          <div className="flex flex-wrap justify-center gap-2">
            {canChange && (
              <Button onClick={() => setNewFormOpen(true)}>
                <Plus aria-hidden="true" />
                New event
              </Button>
            )}
            <Button variant="outline" onClick={() => setFilter("when", "all")}>
              Show all events
            </Button>
          </div>
        }
      />
    );
  } else if (events.length === 0 && isFiltered) {
    content = (
      <EmptyState
        icon={SearchX}
        title="No events match these filters"
        description="Try another search, status or date range."
        action={
          <Button variant="outline" onClick={clear}>
            Clear filters
          </Button>
        }
      />
    );
  } else if (events.length === 0) {
    content = (
      <EmptyState
        icon={CalendarDays}
        title="No events yet"
        description="Record your first booking, hold or inquiry, or bring in the events you already keep in a spreadsheet."
        action={
          <div className="flex flex-wrap justify-center gap-2">
            {canChange && (
              <>
                <Button onClick={() => setNewFormOpen(true)}>
                  <Plus aria-hidden="true" />
                  Add your first event
                </Button>
                <Button asChild variant="outline">
                  <Link to="/account-settings?tab=data">
                    <FileSpreadsheet aria-hidden="true" />
                    Import your spreadsheet
                  </Link>
                </Button>
              </>
            )}
          </div>
        }
      />
    );
  } else {
    content = (
      <div className="grid gap-4" aria-busy={list.isPlaceholderData || undefined}>
        <div className="hidden md:block">
          <EventTable
            events={events}
            sort={query.sort ?? "-date"}
            onSortChange={(sort: EventSort) => setFilter("sort", sort)}
          />
        </div>
        <div className="md:hidden">
          <EventCards events={events} />
        </div>
        <div className="flex flex-col items-center gap-2 text-sm text-muted-foreground">
          <p role="status">
            {list.hasNextPage
              ? `Showing the first ${events.length} events`
              : `${events.length} ${events.length === 1 ? "event" : "events"}`}
          </p>
          {list.hasNextPage && (
            <Button
              variant="outline"
              isLoading={list.isFetchingNextPage}
              onClick={() => list.fetchNextPage()}
            >
              Load more
            </Button>
          )}
        </div>
      </div>
    );
  }

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Events"
        description="Every engagement in one list: inquiries, holds, confirmed and completed talks."
        actions={
          canChange && (
            <Button onClick={() => setNewFormOpen(true)}>
              <Plus aria-hidden="true" />
              New event
            </Button>
          )
        }
      />
      {/* biome-ignore lint/a11y/useSemanticElements: a group of toggle buttons, not a form fieldset */}
      <div role="group" aria-label="Which events" className="flex flex-wrap gap-2">
        {EVENT_VIEWS.map((option) => (
          <Button
            key={option}
            size="sm"
            variant={view === option ? "primary" : "outline"}
            aria-pressed={view === option}
            onClick={() => setFilter("when", option)}
          >
            {EVENT_VIEW_LABELS[option]}
          </Button>
        ))}
      </div>
      <EventFilterBar
        searchText={searchText}
        onSearchTextChange={setSearchText}
        filters={filters}
        isFiltered={isFiltered}
        onFilterChange={setFilter}
        onClear={clear}
        defaultSort={view === "upcoming" ? "date" : "-date"}
      />
      {content}
      <EventFormDialog open={canChange && isNewFormOpen} onOpenChange={setNewFormOpen} />
    </div>
  );
}
