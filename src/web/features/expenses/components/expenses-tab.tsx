import { FileText, Wallet } from "lucide-react";
import { useState } from "react";
import {
  EXPENSE_CATEGORIES,
  EXPENSE_CATEGORY_LABELS,
  type Expense,
} from "../../../../shared/schemas/expenses.ts";
import { isImageType } from "../../../../shared/schemas/files.ts";
import { ConfirmDialog } from "../../../components/ui/alert-dialog.tsx";
import { Card, CardContent } from "../../../components/ui/card.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { QueryView } from "../../../components/ui/query-view.tsx";
import { Select } from "../../../components/ui/select.tsx";
import { describeError } from "../../../lib/api.ts";
import { formatShortDate } from "../../../lib/format.ts";
import { formatDollars } from "../../../lib/money.ts";
import { toast } from "../../../lib/toast.ts";
import { fileContentUrl } from "../../media-kit/api/files.ts";
import { type ListFilters, useDeleteExpense, useExpenses } from "../api/expenses.ts";
import { ExpenseDialog } from "./expense-dialog.tsx";
import { DateFilters, RowActions, Totals } from "./list-parts.tsx";

/** The receipt as a small picture (a photo) or a PDF icon, opening the whole file. */
function Receipt({ expense }: { expense: Expense }) {
  const receipt = expense.receipt;
  if (!receipt) return <span className="text-muted-foreground">—</span>;
  return (
    <a
      href={fileContentUrl(receipt.id)}
      target="_blank"
      rel="noreferrer"
      className="inline-flex items-center gap-2 text-primary hover:underline"
    >
      {isImageType(receipt.contentType) ? (
        <img
          src={fileContentUrl(receipt.id)}
          alt={`Receipt: ${receipt.filename}`}
          loading="lazy"
          className="size-10 rounded border border-border object-cover"
        />
      ) : (
        <FileText aria-hidden="true" className="size-5" />
      )}
      <span className="sr-only sm:not-sr-only">Receipt</span>
    </a>
  );
}

const nameOf = (expense: Expense) =>
  `${EXPENSE_CATEGORY_LABELS[expense.category]} ${formatDollars(expense.amount)} on ${formatShortDate(expense.date)}`;

export function ExpensesTab({
  filters,
  onFiltersChange,
}: {
  filters: ListFilters;
  onFiltersChange: (changes: ListFilters) => void;
}) {
  const query = useExpenses(filters);
  const remove = useDeleteExpense();
  const [editing, setEditing] = useState<Expense | null>(null);
  const [deleting, setDeleting] = useState<Expense | null>(null);
  const items = query.data?.items ?? [];
  const totals = query.data?.totals;

  const confirmDelete = () =>
    deleting &&
    remove.mutate(deleting.id, {
      onSuccess: () => {
        setDeleting(null);
        toast({ title: "Expense deleted" });
      },
      onError: (failure) =>
        toast({ title: "Could not delete", description: describeError(failure, "Please try again.") }),
    });

  return (
    <div className="grid gap-4">
      <DateFilters from={filters.from ?? ""} to={filters.to ?? ""} onChange={onFiltersChange}>
        <FormField label="Category" className="col-span-2 sm:w-48">
          <Select
            value={filters.category ?? ""}
            onChange={(e) => onFiltersChange({ category: e.target.value })}
          >
            <option value="">All categories</option>
            {EXPENSE_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {EXPENSE_CATEGORY_LABELS[category]}
              </option>
            ))}
          </Select>
        </FormField>
      </DateFilters>
      <Totals
        items={[
          ["Expenses", String(totals?.count ?? 0)],
          ["Total", formatDollars(totals?.amount)],
        ]}
      />
      <QueryView
        query={query}
        errorTitle="Could not load your expenses"
        isEmpty={items.length === 0}
        empty={
          <EmptyState
            icon={Wallet}
            title="No expenses here"
            description="Add one with its receipt: a photo from your phone or a PDF."
          />
        }
      >
        <ul className="grid gap-3 md:hidden" aria-label="Expenses">
          {items.map((expense) => (
            <li key={expense.id}>
              <Card>
                <CardContent className="flex items-start gap-3 p-4">
                  <Receipt expense={expense} />
                  <div className="grid min-w-0 flex-1 gap-0.5">
                    <div className="flex items-baseline justify-between gap-2">
                      <span className="whitespace-nowrap font-semibold">{formatDollars(expense.amount)}</span>
                      <span className="whitespace-nowrap text-sm text-muted-foreground">
                        {formatShortDate(expense.date)}
                      </span>
                    </div>
                    <span className="text-sm">
                      {EXPENSE_CATEGORY_LABELS[expense.category]}
                      {expense.vendor ? ` · ${expense.vendor}` : ""}
                      {expense.billable ? " · Billable" : ""}
                    </span>
                    {expense.eventTitle && (
                      <span className="truncate text-sm text-muted-foreground">{expense.eventTitle}</span>
                    )}
                  </div>
                  <RowActions
                    name={nameOf(expense)}
                    onEdit={() => setEditing(expense)}
                    onDelete={() => setDeleting(expense)}
                  />
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
        <div className="hidden overflow-x-auto rounded-xl border border-border bg-card md:block">
          <table className="w-full text-sm">
            <caption className="sr-only">Expenses</caption>
            <thead className="whitespace-nowrap bg-muted text-left text-muted-foreground">
              <tr>
                <th className="p-3 font-medium">Date</th>
                <th className="p-3 font-medium">Category</th>
                <th className="p-3 font-medium">Vendor / description</th>
                <th className="p-3 font-medium">Event</th>
                <th className="p-3 font-medium">Receipt</th>
                <th className="p-3 text-right font-medium">Amount</th>
                <th className="p-3 text-right font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((expense) => (
                <tr key={expense.id} className="border-t border-border">
                  <td className="p-3 whitespace-nowrap">{formatShortDate(expense.date)}</td>
                  <td className="p-3">
                    {EXPENSE_CATEGORY_LABELS[expense.category]}
                    {expense.billable && (
                      <span className="block text-xs text-muted-foreground">Billable</span>
                    )}
                  </td>
                  <td className="p-3">
                    {[expense.vendor, expense.description].filter(Boolean).join(" · ") || "—"}
                  </td>
                  <td className="p-3">{expense.eventTitle ?? "—"}</td>
                  <td className="p-3">
                    <Receipt expense={expense} />
                  </td>
                  <td className="p-3 text-right font-medium">{formatDollars(expense.amount)}</td>
                  <td className="p-3">
                    <RowActions
                      name={nameOf(expense)}
                      onEdit={() => setEditing(expense)}
                      onDelete={() => setDeleting(expense)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </QueryView>
      {editing && (
        <ExpenseDialog
          key={editing.id}
          expense={editing}
          open
          onOpenChange={(open) => !open && setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={Boolean(deleting)}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this expense?"
        description="The expense goes; its receipt stays in your files."
        confirmLabel="Delete expense"
        isDestructive
        isPending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
