import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { Insights } from "../../../../shared/schemas/insights.ts";
import { formatDollars } from "../../../lib/money.ts";
import { CHART_COLORS } from "./chart-colors.ts";
import { FiguresTable } from "./figures-table.tsx";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const compact = (value: number) =>
  value.toLocaleString("en-US", {
    style: "currency",
    currency: "USD",
    notation: "compact",
    maximumFractionDigits: 1,
  });

/** Booked and collected by month, last year's collected beside them, then the same numbers as a table. */
export function IncomeChart({ income, year }: { income: Insights["income"]; year: number }) {
  const data = income.byMonth.map((row) => ({ ...row, label: MONTHS[row.month - 1] }));
  return (
    <div className="grid gap-4">
      <div className="h-64 w-full" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#dde1ea" />
            <XAxis dataKey="label" tick={{ fill: "#4b5563", fontSize: 12 }} />
            <YAxis tickFormatter={compact} width={56} tick={{ fill: "#4b5563", fontSize: 12 }} />
            <Tooltip formatter={(value) => formatDollars(Number(value))} />
            <Legend wrapperStyle={{ fontSize: 12, color: "#111827" }} />
            <Bar dataKey="booked" name={`Booked ${year}`} fill={CHART_COLORS.booked} />
            <Bar dataKey="collected" name={`Collected ${year}`} fill={CHART_COLORS.collected} />
            <Bar dataKey="lastYearCollected" name={`Collected ${year - 1}`} fill={CHART_COLORS.lastYear} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <FiguresTable
        caption={`Income by month, ${year} and ${year - 1}`}
        rows={data}
        rowKey={(row) => String(row.month)}
        columns={[
          { header: "Month", cell: (row) => row.label },
          { header: "Booked", cell: (row) => formatDollars(row.booked), isNumber: true },
          { header: "Invoiced", cell: (row) => formatDollars(row.invoiced), isNumber: true },
          { header: "Collected", cell: (row) => formatDollars(row.collected), isNumber: true },
          { header: `Booked ${year - 1}`, cell: (row) => formatDollars(row.lastYearBooked), isNumber: true },
          {
            header: `Collected ${year - 1}`,
            cell: (row) => formatDollars(row.lastYearCollected),
            isNumber: true,
          },
        ]}
      />
    </div>
  );
}

/** Attendees of booked events by year, then as a table. */
export function ReachChart({ byYear }: { byYear: Insights["reach"]["byYear"] }) {
  return (
    <div className="grid gap-4">
      {byYear.length > 0 && (
        <div className="h-48 w-full" aria-hidden="true">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart
              accessibilityLayer={false}
              data={byYear}
              margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
            >
              <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#dde1ea" />
              <XAxis dataKey="year" tick={{ fill: "#4b5563", fontSize: 12 }} />
              <YAxis width={56} tick={{ fill: "#4b5563", fontSize: 12 }} />
              <Tooltip />
              <Bar dataKey="attendees" name="Attendees" fill={CHART_COLORS.booked} maxBarSize={56} />
            </BarChart>
          </ResponsiveContainer>
        </div>
      )}
      <FiguresTable
        caption="Audience reach by year"
        rows={byYear}
        rowKey={(row) => String(row.year)}
        columns={[
          { header: "Year", cell: (row) => row.year },
          { header: "Events", cell: (row) => row.events.toLocaleString("en-US"), isNumber: true },
          { header: "Attendees", cell: (row) => row.attendees.toLocaleString("en-US"), isNumber: true },
        ]}
      />
    </div>
  );
}
