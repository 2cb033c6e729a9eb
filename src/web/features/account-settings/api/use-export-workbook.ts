import type { ToastInput } from "../../../lib/toast.ts";
import { useUser } from "../../auth/api/current-user.ts";
import { localDateStamp } from "./save-file.ts";
import { useFileDownload } from "./use-file-download.ts";

/** Spec §8's export toasts, shared by the workbook and the JSON backup. */
export const exportFailedToast: ToastInput = {
  title: "Export failed",
  description: "Failed to export your data. Please try again.",
};
export const exportDoneToast = (fileName: string): ToastInput => ({
  title: "Complete backup exported",
  description: `Your events, clients, bureau partners and profile are in ${fileName}.`,
});

/**
 * Downloads the complete backup workbook (spec §3: events, clients, bureau partners and profile in one
 * .xlsx). Used by Account Settings → Data Management and by the subscription-expired dialog's
 * Export All Data: `const exportWorkbook = useExportWorkbook(); exportWorkbook.mutate()`.
 */
export function useExportWorkbook() {
  const { data: user } = useUser();
  return useFileDownload({
    path: "/api/export/workbook",
    fallbackFileName: () => `podium-${user?.username ?? "backup"}-${localDateStamp()}.xlsx`,
    successToast: exportDoneToast,
    failureToast: exportFailedToast,
  });
}
