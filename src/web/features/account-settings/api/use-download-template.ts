import { useFileDownload } from "./use-file-download.ts";

/** Downloads the empty import workbook: the four sheets' headers and one example row each. */
export function useDownloadTemplate() {
  return useFileDownload({
    path: "/api/import/template",
    fallbackFileName: () => "podium-import-template.xlsx",
    failureToast: {
      title: "Download failed",
      description: "Failed to download the import template. Please try again.",
    },
  });
}
