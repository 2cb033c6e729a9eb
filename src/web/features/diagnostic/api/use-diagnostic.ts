import { useQuery } from "@tanstack/react-query";
import type { Diagnostic } from "../../../../shared/schemas/diagnostic.ts";
import { api } from "../../../lib/api.ts";

export type TimedDiagnostic = Diagnostic & {
  /** Milliseconds from sending the request to reading its answer. */
  roundTripMs: number;
  /** Server clock minus this device's clock, in ms, taking the request's midpoint as "now". */
  clockOffsetMs: number;
};

/** GET /api/diagnostic, timed, so the report shows the round trip and how far the clocks differ. */
export function useDiagnostic() {
  return useQuery({
    queryKey: ["/api/diagnostic"],
    queryFn: async ({ signal }): Promise<TimedDiagnostic> => {
      const sentAt = Date.now();
      const started = performance.now();
      const diagnostic = await api.get<Diagnostic>("/api/diagnostic", { signal });
      const roundTripMs = Math.round(performance.now() - started);
      const clockOffsetMs = Math.round(Date.parse(diagnostic.serverTime) - (sentAt + roundTripMs / 2));
      return { ...diagnostic, roundTripMs, clockOffsetMs };
    },
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
}
