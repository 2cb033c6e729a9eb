import { useQuery } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { EXPENSE_CATEGORY_LABELS, type ExpenseList } from "../../../../shared/schemas/expenses.ts";
import { Button } from "../../../components/ui/button.tsx";
import { api } from "../../../lib/api.ts";
import { formatShortDate } from "../../../lib/format.ts";
import { formatDollars } from "../../../lib/money.ts";
import type { EditableLine } from "./line-items-editor.tsx";

/** The expenses of the invoice's event marked "billable to the client", each offered as a line. */
export function BillableExpenses({
  eventId,
  lines,
  onAdd,
}: {
  eventId: string;
  lines: EditableLine[];
  onAdd: (line: EditableLine) => void;
}) {
  const query = useQuery({
    queryKey: ["/api/expenses", "billable", eventId],
    queryFn: ({ signal }) =>
      api.get<ExpenseList>(`/api/expenses?eventId=${encodeURIComponent(eventId)}&billable=true&limit=50`, {
        signal,
      }),
  });
  const expenses = query.data?.items ?? [];
  if (expenses.length === 0) return null;
  return (
    <section aria-labelledby="billable-heading" className="grid gap-2 rounded-lg border border-border p-3">
      <h3 id="billable-heading" className="text-sm font-semibold">
        Billable expenses of this event
      </h3>
      <ul className="grid gap-1">
        {expenses.map((expense) => {
          const description = [
            EXPENSE_CATEGORY_LABELS[expense.category],
            // An invoice line is one line; an expense's description may have several.
            expense.vendor ?? expense.description?.replace(/\s+/g, " "),
            formatShortDate(expense.date),
          ]
            .filter(Boolean)
            .join(" · ");
          const isAdded = lines.some((line) => line.description === description);
          return (
            <li key={expense.id} className="flex items-center justify-between gap-2 text-sm">
              <span>
                {description} · {formatDollars(expense.amount)}
              </span>
              <Button
                type="button"
                size="sm"
                variant="outline"
                disabled={isAdded}
                aria-label={`Add ${description} as a line`}
                onClick={() => onAdd({ description, quantity: "1", unitPrice: expense.amount })}
              >
                <Plus aria-hidden="true" />
                {isAdded ? "Added" : "Add line"}
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
