import { Target } from "lucide-react";
import { Link } from "react-router";
import type { DashboardTotals } from "../../../../shared/schemas/dashboard.ts";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { formatDollars } from "../../../lib/money.ts";

/** The year's booked, completed and pipeline fees, and the booked fees against the annual goal. */
export function YearFiguresCard({ totals }: { totals: DashboardTotals }) {
  const percent = totals.progress === null ? null : Math.round(totals.progress * 100);
  const figures = [
    {
      label: "Booked",
      value: totals.bookedThisYear,
      note:
        totals.commissionThisYear > 0
          ? `Confirmed and completed; ${formatDollars(totals.netBookedThisYear)} after bureau commission`
          : "Confirmed and completed",
    },
    { label: "Completed", value: totals.completedThisYear, note: "Talks already given" },
    { label: "Pipeline", value: totals.pipeline, note: "Inquiries and holds, next 12 months" },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{totals.year} at a glance</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-5">
        {totals.annualGoal && percent !== null ? (
          <div className="grid gap-2">
            <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
              <p className="text-sm text-muted-foreground">
                <span className="text-2xl font-semibold text-foreground tabular-nums">{percent}%</span> of
                your {formatDollars(totals.annualGoal)} goal booked
              </p>
              <p className="text-sm text-muted-foreground">
                {totals.bookedThisYear >= totals.annualGoal
                  ? "Goal reached. Well done!"
                  : `${formatDollars(totals.annualGoal - totals.bookedThisYear)} to go`}
              </p>
            </div>
            <div
              role="progressbar"
              aria-label="Booked fees against your annual goal"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.min(percent, 100)}
              aria-valuetext={`${percent}% of your annual goal`}
              className="h-3 overflow-hidden rounded-full bg-muted"
            >
              <div
                className="h-full rounded-full bg-primary transition-all"
                style={{ width: `${Math.min(percent, 100)}%` }}
              />
            </div>
          </div>
        ) : (
          <p className="flex items-start gap-2 rounded-md bg-primary-soft p-3 text-sm text-primary-soft-foreground">
            <Target aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>
              Set an annual goal to see how your bookings measure up.{" "}
              <Link to="/profile" className="font-medium underline underline-offset-2">
                Add your goal in your profile
              </Link>
            </span>
          </p>
        )}
        <dl className="grid gap-3 sm:grid-cols-3">
          {figures.map((figure) => (
            <div key={figure.label} className="grid gap-0.5 rounded-md border border-border px-4 py-3">
              <dt className="text-sm font-medium text-muted-foreground">{figure.label}</dt>
              <dd className="text-2xl font-semibold tabular-nums">{formatDollars(figure.value)}</dd>
              <dd className="text-xs text-muted-foreground">{figure.note}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
