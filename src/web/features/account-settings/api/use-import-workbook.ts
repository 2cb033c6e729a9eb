import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ImportSummary, importSummarySchema } from "../../../../shared/schemas/data-management.ts";
import { ApiError, api } from "../../../lib/api.ts";
import { USER_QUERY_KEY } from "../../auth/api/current-user.ts";

export type ImportRequest = { file: File; dryRun: boolean };

/**
 * Sends a workbook to POST /api/import. A workbook with problems (422) is an answer, not a failure: it
 * resolves with the summary and its `errors`. An unusable file (400, 413, 415) or a conflict rejects
 * with an ApiError whose `serverMessage` says what is wrong.
 */
export async function importWorkbook({ file, dryRun }: ImportRequest): Promise<ImportSummary> {
  const body = new FormData();
  body.append("file", file);
  try {
    return await api.post<ImportSummary>(`/api/import?dryRun=${dryRun}`, body);
  } catch (error) {
    if (error instanceof ApiError && error.status === 422) {
      const report = importSummarySchema.safeParse(error.body);
      if (report.success) return report.data;
    }
    throw error;
  }
}

/** Checks (dry run) or imports a workbook; a real import refreshes every cached list and total. */
export function useImportWorkbook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importWorkbook,
    onSuccess: async (summary) => {
      if (summary.dryRun || summary.errors.length > 0) return;
      await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== USER_QUERY_KEY[0] });
    },
  });
}
