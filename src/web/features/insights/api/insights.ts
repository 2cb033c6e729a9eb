import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { Insights, StateEvents } from "../../../../shared/schemas/insights.ts";
import { api } from "../../../lib/api.ts";
import { useFileDownload } from "../../account-settings/api/use-file-download.ts";

export const useInsights = (year: number) =>
  useQuery({
    queryKey: ["/api/insights", year],
    queryFn: ({ signal }) => api.get<Insights>(`/api/insights?year=${year}`, { signal }),
    placeholderData: keepPreviousData,
  });

/** The booked events of one row of the fees-by-state table (`none`: those without a state). */
export const useStateEvents = (year: number, state: string | null) =>
  useQuery({
    queryKey: ["/api/insights", year, "state", state],
    queryFn: ({ signal }) =>
      api.get<StateEvents>(`/api/insights/state-events?year=${year}&state=${encodeURIComponent(state!)}`, {
        signal,
      }),
    enabled: state !== null,
  });

export const useTaxWorkbook = (year: number) =>
  useFileDownload({
    path: `/api/insights/tax-summary.xlsx?year=${year}`,
    fallbackFileName: () => `podium-tax-${year}.xlsx`,
    successToast: (fileName) => ({ title: "Tax summary downloaded", description: fileName }),
    failureToast: { title: "Could not download the tax summary", description: "Please try again." },
  });
