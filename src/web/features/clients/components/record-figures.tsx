import { cn } from "../../../lib/cn.ts";
import { localToday } from "../../../lib/local-date.ts";
import { formatDollars } from "../../../lib/money.ts";
import type { AnyRecordDetail } from "../api/record-kinds.ts";

/** The figures of a client or bureau partner: how many events, what they are worth, how many are ahead. */
export function RecordFigures({ record }: { record: AnyRecordDetail }) {
  const today = localToday();
  const upcoming = record.events.filter(
    (event) => event.date >= today && event.status !== "cancelled",
  ).length;
  const figures = [
    { label: "Total fees", value: formatDollars(record.totalFees), className: "col-span-2 sm:col-span-1" },
    ...(record.netFees !== record.totalFees
      ? [
          {
            label: "Net of commission",
            value: formatDollars(record.netFees),
            className: "col-span-2 sm:col-span-1",
          },
        ]
      : []),
    { label: "Events", value: String(record.eventCount) },
    { label: "Upcoming", value: String(upcoming) },
  ];
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3">
      {figures.map((figure) => (
        <div
          key={figure.label}
          className={cn(
            "grid min-w-0 gap-0.5 rounded-md bg-muted/60 px-3 py-2 sm:px-4 sm:py-3",
            figure.className,
          )}
        >
          <dt className="truncate text-xs font-medium text-muted-foreground">{figure.label}</dt>
          <dd className="truncate text-lg font-semibold tabular-nums sm:text-xl">{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}
