import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { FileKind, FileList, StoredFile } from "../../../../shared/schemas/files.ts";
import { api } from "../../../lib/api.ts";

export const FILES_QUERY_KEY = ["/api/files"] as const;

/** The address of one of the speaker's own files (images show inline, others download). */
export const fileContentUrl = (id: string) => `/api/files/${id}/content`;

/** Every file of the account with the space they use. */
export function useFiles() {
  return useQuery({
    queryKey: FILES_QUERY_KEY,
    queryFn: ({ signal }) => api.get<FileList>("/api/files", { signal }),
  });
}

/**
 * Uploads one file. Not retried: a repeated upload would store the file twice. The server's own words
 * come back for a file too large (413), of a type it refuses (415) or over the quota.
 */
export function useUploadFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, kind }: { file: File; kind: FileKind }) => {
      const body = new FormData();
      body.append("kind", kind);
      body.append("file", file);
      return api.post<StoredFile>("/api/files", body);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: FILES_QUERY_KEY }),
  });
}

/** Deletes a file; it leaves the media kit and every share link with it. */
export function useDeleteFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/files/${id}`),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: FILES_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ["/api/media-kit"] }),
        queryClient.invalidateQueries({ queryKey: ["/api/share-links"] }),
      ]),
  });
}
