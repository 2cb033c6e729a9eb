import { useMutation } from "@tanstack/react-query";
import { downloadFile } from "../../../lib/api.ts";
import { type ToastInput, toast } from "../../../lib/toast.ts";
import { saveFile } from "./save-file.ts";

type FileDownload = {
  path: string;
  /** The name to save under when the server does not name the file. */
  fallbackFileName: () => string;
  successToast?: (fileName: string) => ToastInput;
  failureToast: ToastInput;
};

/** Fetches a file from the API and saves it; `isPending` while it downloads. */
export function useFileDownload({ path, fallbackFileName, successToast, failureToast }: FileDownload) {
  return useMutation({
    mutationFn: async () => {
      const { blob, filename } = await downloadFile(path);
      const fileName = filename ?? fallbackFileName();
      saveFile(blob, fileName);
      return fileName;
    },
    onSuccess: (fileName) => {
      if (successToast) toast(successToast(fileName));
    },
    onError: () => toast({ ...failureToast, variant: "destructive" }),
  });
}
