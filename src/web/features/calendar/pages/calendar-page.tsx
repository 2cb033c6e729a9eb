import { ChevronLeft, ChevronRight, Plus } from "lucide-react";
import { useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { Button } from "../../../components/ui/button.tsx";
import { ErrorState } from "../../../components/ui/error-state.tsx";
import { PageHeader } from "../../../components/ui/page-header.tsx";
import { LoadingScreen } from "../../../components/ui/spinner.tsx";
import { localToday } from "../../../lib/local-date.ts";
import { useCan } from "../../auth/api/current-user.ts";
import { EventFormDialog } from "../../events/components/event-form-dialog.tsx";
import { useCalendarEvents } from "../api/calendar-events.ts";
import {
  describeDays,
  formatMonth,
  listMonthGrid,
  readMonth,
  shiftMonth,
} from "../components/calendar-days.ts";
import { StatusLegend } from "../components/calendar-event-link.tsx";
import { DayDialog } from "../components/day-dialog.tsx";
import { DayEvents } from "../components/day-events.tsx";
import { MonthGrid } from "../components/month-grid.tsx";

/**
 * `/calendar` (issue 31): the month's events coloured by status, holds by rank, conflicts and travel days
 * marked. Wide screens see the month as a grid; phones see small days above an agenda of the month. A day
 * with events opens them; an empty day starts a new event on that date.
 */
export default function CalendarPage() {
  const today = localToday();
  const [searchParams, setSearchParams] = useSearchParams();
  const month = readMonth(searchParams.get("month"), today);
  const dates = useMemo(() => listMonthGrid(month), [month]);
  const query = useCalendarEvents(dates[0]!, dates.at(-1)!);
  const days = useMemo(() => describeDays(query.data ?? []), [query.data]);
  const [openDate, setOpenDate] = useState<string | null>(null);
  const [newEventDate, setNewEventDate] = useState<string | null>(null);
  const canChange = useCan("book");

  const goToMonth = (next: string) =>
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      params.set("month", next);
      return params;
    });
  const chooseDay = (date: string) => {
    if (days.has(date)) setOpenDate(date);
    else if (canChange) setNewEventDate(date);
  };
  const addEventOn = (date: string) => {
    setOpenDate(null);
    setNewEventDate(date);
  };
  const monthDays = [...days.values()]
    .filter((day) => day.date.startsWith(month))
    .sort((a, b) => a.date.localeCompare(b.date));

  return (
    <div className="grid gap-4">
      <PageHeader
        title="Calendar"
        description="Every event by date. Tap a day to see its events, or an empty day to add one."
        actions={
          canChange && (
            <Button onClick={() => setNewEventDate("")}>
              <Plus aria-hidden="true" />
              New event
            </Button>
          )
        }
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-1">
          <Button
            variant="outline"
            size="icon"
            aria-label="Previous month"
            onClick={() => goToMonth(shiftMonth(month, -1))}
          >
            <ChevronLeft aria-hidden="true" />
          </Button>
          <h2 aria-live="polite" className="min-w-40 text-center text-lg font-semibold">
            {formatMonth(month)}
          </h2>
          <Button
            variant="outline"
            size="icon"
            aria-label="Next month"
            onClick={() => goToMonth(shiftMonth(month, 1))}
          >
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
        <Button variant="ghost" size="sm" onClick={() => goToMonth(today.slice(0, 7))}>
          Today
        </Button>
      </div>
      <StatusLegend />

      {query.isPending ? (
        <LoadingScreen className="min-h-64" />
      ) : query.isError ? (
        <ErrorState
          title="Could not load your calendar"
          error={query.error}
          onRetry={() => query.refetch()}
        />
      ) : (
        <>
          <div className="hidden md:block">
            <MonthGrid month={month} dates={dates} days={days} today={today} onChooseDay={chooseDay} />
          </div>
          <div className="grid gap-4 md:hidden">
            <MonthGrid
              month={month}
              dates={dates}
              days={days}
              today={today}
              onChooseDay={chooseDay}
              isCompact
            />
            <section aria-labelledby="agenda-heading" className="grid gap-4">
              <h2 id="agenda-heading" className="text-base font-semibold">
                Agenda
              </h2>
              {monthDays.length === 0 ? (
                <p className="text-sm text-muted-foreground">Nothing in {formatMonth(month)} yet.</p>
              ) : (
                monthDays.map((day) => <DayEvents key={day.date} day={day} />)
              )}
            </section>
          </div>
        </>
      )}

      <DayDialog
        day={openDate ? (days.get(openDate) ?? null) : null}
        onClose={() => setOpenDate(null)}
        onAddEvent={canChange ? addEventOn : undefined}
      />
      <EventFormDialog
        // A new form for each chosen day, so the date it starts with is that day's.
        key={newEventDate ?? ""}
        open={canChange && newEventDate !== null}
        onOpenChange={(open) => !open && setNewEventDate(null)}
        date={newEventDate ?? undefined}
      />
    </div>
  );
}
