import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { RECORD_KINDS, type RecordKind, type RecordTypes } from "./record-kinds.ts";

export const recordQueryKey = (kind: RecordKind, id: string) =>
  [RECORD_KINDS[kind].path, "detail", id] as const;

export function fetchRecord<K extends RecordKind>(kind: K, id: string, signal?: AbortSignal) {
  return api.get<RecordTypes[K]["detail"]>(`${RECORD_KINDS[kind].path}/${encodeURIComponent(id)}`, {
    signal,
  });
}

export function recordOptions<K extends RecordKind>(kind: K, id: string) {
  return queryOptions({
    queryKey: recordQueryKey(kind, id),
    queryFn: ({ signal }) => fetchRecord(kind, id, signal),
  });
}

/** One client or bureau partner with all its events; nothing is asked while `id` is null. */
export function useRecord<K extends RecordKind>(kind: K, id: string | null) {
  return useQuery({ ...recordOptions(kind, id ?? ""), enabled: Boolean(id) });
}
