import { useUser } from "../../auth/api/current-user.ts";
import { localDateStamp } from "./save-file.ts";
import { exportDoneToast, exportFailedToast } from "./use-export-workbook.ts";
import { useFileDownload } from "./use-file-download.ts";

/** Downloads everything as JSON (spec §7's GET /api/export-complete-data), for programs rather than people. */
export function useExportJsonBackup() {
  const { data: user } = useUser();
  return useFileDownload({
    path: "/api/export-complete-data",
    fallbackFileName: () => `podium-${user?.username ?? "backup"}-${localDateStamp()}.json`,
    successToast: exportDoneToast,
    failureToast: exportFailedToast,
  });
}
