import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Dashboard } from "../../../../shared/schemas/dashboard.ts";
import { api } from "../../../lib/api.ts";
import { localToday } from "../../../lib/local-date.ts";

export function fetchDashboard(today: string, signal?: AbortSignal) {
  return api.get<Dashboard>(`/api/dashboard?today=${today}`, { signal });
}

export function dashboardOptions(today: string) {
  return queryOptions({
    queryKey: ["/api/dashboard", { today }],
    queryFn: ({ signal }) => fetchDashboard(today, signal),
  });
}

/** The dashboard for the speaker's own calendar day, so "upcoming" and "this year" follow their clock. */
export function useDashboard() {
  return useQuery(dashboardOptions(localToday()));
}
