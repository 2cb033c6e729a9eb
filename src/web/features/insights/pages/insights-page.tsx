import { Download } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { useSearchParams } from "react-router";
import { EXPENSE_CATEGORY_LABELS } from "../../../../shared/schemas/expenses.ts";
import type { Insights } from "../../../../shared/schemas/insights.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { ErrorState } from "../../../components/ui/error-state.tsx";
import { PageHeader } from "../../../components/ui/page-header.tsx";
import { Select } from "../../../components/ui/select.tsx";
import { LoadingScreen, Spinner } from "../../../components/ui/spinner.tsx";
import { localToday } from "../../../lib/local-date.ts";
import { formatDollars } from "../../../lib/money.ts";
import { useInsights, useTaxWorkbook } from "../api/insights.ts";
import { CHART_COLORS } from "../components/chart-colors.ts";
import { FiguresTable } from "../components/figures-table.tsx";
import { IncomeChart, ReachChart } from "../components/income-chart.tsx";
import { StateEventList } from "../components/state-events.tsx";

// The map and its atlas load only with this section, so no other page grows.
const UsStateMap = lazy(() => import("../components/us-state-map.tsx"));

const count = (value: number) => value.toLocaleString("en-US");
const percent = (value: number | null) => (value == null ? "—" : `${Math.round(value * 100)}%`);

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="rounded-xl border border-border bg-card p-3 sm:p-4">
      <dt className="text-xs text-muted-foreground sm:text-sm">{label}</dt>
      <dd className="text-lg font-semibold sm:text-2xl">{value}</dd>
      {note && <dd className="text-xs text-muted-foreground">{note}</dd>}
    </div>
  );
}

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: React.ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{title}</h2>
        </CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className="grid gap-4">{children}</CardContent>
    </Card>
  );
}

/** `/insights`: is the year on track, what did it cost, where did the money come from, whom did it reach. */
export default function InsightsPage() {
  const [params, setParams] = useSearchParams();
  const currentYear = Number(localToday().slice(0, 4));
  const asked = Number(params.get("year"));
  const year = Number.isInteger(asked) && asked >= 1900 && asked <= 9998 ? asked : currentYear;
  const query = useInsights(year);
  const download = useTaxWorkbook(year);
  const [selectedState, setSelectedState] = useState<string | null>(null);
  const insights = query.data;
  const years = new Set([
    currentYear + 1,
    currentYear,
    year,
    ...(insights?.reach.byYear.map((row) => row.year) ?? []),
  ]);
  for (let back = 1; back <= 5; back += 1) years.add(currentYear - back);

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Insights"
        description="Income against your goal, costs, fees by state and the audiences you reached."
        actions={
          <div className="flex flex-wrap items-center gap-2">
            <label htmlFor="insights-year" className="text-sm font-medium">
              Year
            </label>
            <Select
              id="insights-year"
              className="w-28"
              value={String(year)}
              onChange={(e) => {
                setSelectedState(null);
                setParams({ year: e.target.value }, { replace: true });
              }}
            >
              {[...years]
                .sort((a, b) => b - a)
                .map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
            </Select>
            <Button variant="outline" isLoading={download.isPending} onClick={() => download.mutate()}>
              <Download aria-hidden="true" />
              Tax summary
            </Button>
          </div>
        }
      />
      {!insights ? (
        query.isError ? (
          <ErrorState
            title="Could not load your insights"
            error={query.error}
            onRetry={() => query.refetch()}
          />
        ) : (
          <LoadingScreen />
        )
      ) : (
        <InsightsBody insights={insights} selectedState={selectedState} onSelectState={setSelectedState} />
      )}
    </div>
  );
}

function InsightsBody({
  insights,
  selectedState,
  onSelectState,
}: {
  insights: Insights;
  selectedState: string | null;
  onSelectState: (state: string | null) => void;
}) {
  const { year, income } = insights;
  const goalShare = income.goal ? income.booked / income.goal : null;
  const selectedRow = insights.byState.find((row) => (row.state ?? "none") === selectedState);
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-3">
        <Figure
          label="Booked"
          value={formatDollars(income.booked)}
          note={
            income.goal
              ? `${percent(goalShare)} of your ${formatDollars(income.goal)} goal`
              : "No annual goal set"
          }
        />
        <Figure label="Invoiced" value={formatDollars(income.invoiced)} />
        <Figure
          label="Collected"
          value={formatDollars(income.collected)}
          note={`${formatDollars(income.lastYear.collected)} in ${year - 1}`}
        />
        <Figure label="Expenses" value={formatDollars(insights.expenses.total)} />
        <Figure
          label="Mileage deduction"
          value={formatDollars(insights.mileage.deduction)}
          note={`${count(insights.mileage.miles)} mi at ${insights.mileage.centsPerMile} ¢`}
        />
        <Figure label="Net" value={formatDollars(insights.net)} note="Collected − expenses − mileage" />
      </dl>

      <Section
        title="Income by month"
        description={`Booked: confirmed and completed events. Collected: payments received. ${year - 1} beside it.`}
      >
        {income.goal != null && (
          <div className="grid gap-1">
            <div className="flex justify-between text-sm">
              <span>Booked against the goal</span>
              <span className="font-medium">{percent(goalShare)}</span>
            </div>
            <div
              className="h-3 overflow-hidden rounded-full bg-muted"
              role="progressbar"
              aria-label="Booked against the annual goal"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.min(100, Math.round((goalShare ?? 0) * 100))}
            >
              <div
                className="h-full rounded-full"
                style={{
                  width: `${Math.min(100, (goalShare ?? 0) * 100)}%`,
                  background: CHART_COLORS.booked,
                }}
              />
            </div>
          </div>
        )}
        <IncomeChart income={income} year={year} />
      </Section>

      <Section title="Fees by state" description="Booked events of the year. Tap a state to list its events.">
        <div className="grid gap-4 lg:grid-cols-[3fr_2fr] lg:items-start">
          <Suspense fallback={<Spinner label="Loading the map" />}>
            <UsStateMap rows={insights.byState} selected={selectedState} onSelect={onSelectState} />
          </Suspense>
          <FiguresTable
            caption={`Fees by state, ${year}`}
            rows={insights.byState}
            rowKey={(row) => row.state ?? "none"}
            columns={[
              {
                header: "State",
                cell: (row) => (
                  <button
                    type="button"
                    className="text-left font-medium text-primary hover:underline"
                    aria-pressed={(row.state ?? "none") === selectedState}
                    onClick={() => onSelectState(row.state ?? "none")}
                  >
                    {row.name}
                  </button>
                ),
              },
              { header: "Events", cell: (row) => count(row.events), isNumber: true },
              { header: "Fees", cell: (row) => formatDollars(row.fees), isNumber: true },
              { header: "Attendees", cell: (row) => count(row.attendees), isNumber: true },
            ]}
          />
        </div>
        {insights.byState.length === 0 && (
          <p className="text-sm text-muted-foreground">No confirmed or completed events in {year}.</p>
        )}
        {selectedRow && <StateEventList year={year} row={selectedRow} />}
      </Section>

      <div className="grid gap-6 lg:grid-cols-2">
        <Section
          title="Expenses by category"
          description={`${formatDollars(insights.expenses.total)} in ${year}.`}
        >
          <FiguresTable
            caption={`Expenses by category, ${year}`}
            rows={insights.expenses.byCategory}
            rowKey={(row) => row.category}
            columns={[
              { header: "Category", cell: (row) => EXPENSE_CATEGORY_LABELS[row.category] },
              {
                header: "Share",
                cell: (row) => (
                  <div className="h-2 min-w-16 rounded-full bg-muted" aria-hidden="true">
                    <div
                      className="h-full rounded-full"
                      style={{
                        width: `${insights.expenses.total ? (row.amount / insights.expenses.total) * 100 : 0}%`,
                        background: CHART_COLORS.invoiced,
                      }}
                    />
                  </div>
                ),
              },
              { header: "Amount", cell: (row) => formatDollars(row.amount), isNumber: true },
            ]}
          />
        </Section>

        <Section
          title="Pipeline"
          description={`Events dated in ${year}. ${percent(insights.pipeline.conversionRate)} of them are confirmed or completed.`}
        >
          <FiguresTable
            caption={`Pipeline, ${year}`}
            rows={(["inquiry", "hold", "confirmed", "completed"] as const).map((status) => ({
              status,
              ...insights.pipeline[status],
            }))}
            rowKey={(row) => row.status}
            columns={[
              { header: "Status", cell: (row) => row.status[0]!.toUpperCase() + row.status.slice(1) },
              { header: "Events", cell: (row) => count(row.count), isNumber: true },
              { header: "Fees", cell: (row) => formatDollars(row.amount), isNumber: true },
            ]}
          />
        </Section>
      </div>

      <Section title="Testimonials" description={`What planners wrote about the talks of ${year}.`}>
        <dl className="grid grid-cols-2 gap-3">
          <Figure label="Testimonials" value={count(insights.testimonials.count)} />
          <Figure
            label="Average rating"
            value={
              insights.testimonials.averageRating == null
                ? "—"
                : `${insights.testimonials.averageRating.toLocaleString("en-US")} of 5`
            }
          />
        </dl>
      </Section>

      <Section
        title="Audience reach"
        description={`${count(insights.reach.attendees)} people at ${count(insights.reach.events)} events in ${year}; ${count(insights.reach.allTimeAttendees)} at ${count(insights.reach.allTimeEvents)} events in all.`}
      >
        <ReachChart byYear={insights.reach.byYear} />
      </Section>

      <div className="grid gap-6 lg:grid-cols-2">
        {(
          [
            ["Top clients", insights.topClients, "No booked events with a client this year."],
            ["Top bureau partners", insights.topBureaus, "No booked events through a bureau this year."],
          ] as const
        ).map(([title, rows, empty]) => (
          <Section key={title} title={title}>
            {rows.length === 0 ? (
              <p className="text-sm text-muted-foreground">{empty}</p>
            ) : (
              <FiguresTable
                caption={`${title}, ${year}`}
                rows={[...rows]}
                rowKey={(row) => row.id}
                columns={[
                  { header: "Name", cell: (row) => row.name },
                  { header: "Events", cell: (row) => count(row.events), isNumber: true },
                  { header: "Fees", cell: (row) => formatDollars(row.fees), isNumber: true },
                ]}
              />
            )}
          </Section>
        ))}
      </div>
    </>
  );
}
