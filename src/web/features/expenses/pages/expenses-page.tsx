import { Plus } from "lucide-react";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { Button } from "../../../components/ui/button.tsx";
import { PageHeader } from "../../../components/ui/page-header.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../components/ui/tabs.tsx";
import { useCan } from "../../auth/api/current-user.ts";
import type { ListFilters } from "../api/expenses.ts";
import { ExpenseDialog } from "../components/expense-dialog.tsx";
import { ExpensesTab } from "../components/expenses-tab.tsx";
import { MileageTab } from "../components/mileage-tab.tsx";
import { TripDialog } from "../components/trip-dialog.tsx";

const FILTER_KEYS = ["from", "to", "category"] as const;

/** `/expenses`: the Expenses and Mileage tabs, their filters in the address so a view can be shared. */
export default function ExpensesPage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get("tab") === "mileage" ? "mileage" : "expenses";
  const [adding, setAdding] = useState<"expense" | "trip" | null>(null);
  const canChange = useCan("money");
  const filters: ListFilters = Object.fromEntries(
    FILTER_KEYS.map((key) => [key, params.get(key) ?? undefined]),
  );
  const change = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace: true });
  };

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Expenses"
        description="What your engagements cost, with receipts, and the miles you drove."
        actions={
          !canChange ? null : tab === "mileage" ? (
            <Button onClick={() => setAdding("trip")}>
              <Plus aria-hidden="true" />
              Add trip
            </Button>
          ) : (
            <Button onClick={() => setAdding("expense")}>
              <Plus aria-hidden="true" />
              Add expense
            </Button>
          )
        }
      />
      <Tabs
        value={tab}
        onValueChange={(value) => change({ tab: value === "mileage" ? "mileage" : undefined })}
      >
        <TabsList>
          <TabsTrigger value="expenses">Expenses</TabsTrigger>
          <TabsTrigger value="mileage">Mileage</TabsTrigger>
        </TabsList>
        <TabsContent value="expenses">
          <ExpensesTab filters={filters} onFiltersChange={change} />
        </TabsContent>
        <TabsContent value="mileage">
          <MileageTab filters={filters} onFiltersChange={change} />
        </TabsContent>
      </Tabs>
      {adding === "expense" && <ExpenseDialog open onOpenChange={(open) => !open && setAdding(null)} />}
      {adding === "trip" && <TripDialog open onOpenChange={(open) => !open && setAdding(null)} />}
    </div>
  );
}
