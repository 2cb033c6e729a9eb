import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { EventPage } from "../../../../shared/schemas/events.ts";
import type {
  CreateExpenseInput,
  CreateMileageInput,
  Expense,
  ExpenseList,
  MileageEntry,
  MileageList,
  MileageRate,
} from "../../../../shared/schemas/expenses.ts";
import { api } from "../../../lib/api.ts";

const EXPENSES = "/api/expenses";
const MILEAGE = "/api/mileage";
const RATES = "/api/mileage-rates";

export type ListFilters = { from?: string; to?: string; category?: string };

function listPath(base: string, filters: ListFilters) {
  const params = new URLSearchParams(
    Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
  params.set("limit", "200");
  return `${base}?${params}`;
}

export const useExpenses = (filters: ListFilters) =>
  useQuery({
    queryKey: [EXPENSES, "list", filters],
    queryFn: ({ signal }) => api.get<ExpenseList>(listPath(EXPENSES, filters), { signal }),
  });

export const useTrips = (filters: ListFilters) =>
  useQuery({
    queryKey: [MILEAGE, "list", filters],
    queryFn: ({ signal }) => api.get<MileageList>(listPath(MILEAGE, filters), { signal }),
  });

export const useMileageRates = () =>
  useQuery({ queryKey: [RATES], queryFn: ({ signal }) => api.get<MileageRate[]>(RATES, { signal }) });

/** The speaker's events to link a cost to, latest first. */
export const useEventChoices = () =>
  useQuery({
    queryKey: ["/api/events", "choices"],
    queryFn: ({ signal }) => api.get<EventPage>("/api/events?limit=200&sort=-date", { signal }),
    staleTime: 60_000,
  });

/** Every change refreshes the lists and the insights built on them. */
function useRefreshing<Input, Output>(base: string, request: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [base] }),
        queryClient.invalidateQueries({ queryKey: ["/api/insights"] }),
      ]),
  });
}

type Save<T> = { id?: string; input: T };

export const useSaveExpense = () =>
  useRefreshing(EXPENSES, ({ id, input }: Save<CreateExpenseInput>) =>
    id ? api.patch<Expense>(`${EXPENSES}/${id}`, input) : api.post<Expense>(EXPENSES, input),
  );
export const useDeleteExpense = () =>
  useRefreshing(EXPENSES, (id: string) => api.delete<void>(`${EXPENSES}/${id}`));

export const useSaveTrip = () =>
  useRefreshing(MILEAGE, ({ id, input }: Save<CreateMileageInput>) =>
    id ? api.patch<MileageEntry>(`${MILEAGE}/${id}`, input) : api.post<MileageEntry>(MILEAGE, input),
  );
export const useDeleteTrip = () =>
  useRefreshing(MILEAGE, (id: string) => api.delete<void>(`${MILEAGE}/${id}`));

/** Saving rates changes every trip's deduction, so the log is refreshed too. */
export function useSaveMileageRates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rates: MileageRate[]) => api.put<MileageRate[]>(RATES, rates),
    onSuccess: (rates) => {
      queryClient.setQueryData([RATES], rates);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: [MILEAGE] }),
        queryClient.invalidateQueries({ queryKey: ["/api/insights"] }),
      ]);
    },
  });
}
