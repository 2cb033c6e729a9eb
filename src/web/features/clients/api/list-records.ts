import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type { RecordTotals } from "../../../../shared/schemas/fields.ts";
import { api } from "../../../lib/api.ts";
import { useDebouncedValue } from "../../../lib/use-debounced-value.ts";
import { toQueryString } from "../../events/api/book-of-business.ts";
import { RECORD_KINDS, type RecordKind, type RecordTypes } from "./record-kinds.ts";

/** Records per page of a list; also the most the event form's type-ahead offers at once. */
export const RECORD_PAGE_SIZE = 50;

type RecordPage<K extends RecordKind> = {
  items: RecordTypes[K]["item"][];
  nextCursor: string | null;
  /** Over every record the query matches, not only this page. */
  totals: RecordTotals;
};

export function fetchRecordPage<K extends RecordKind>(
  kind: K,
  options: { q?: string; limit?: number; cursor?: string | null },
  signal?: AbortSignal,
) {
  const query = toQueryString({
    q: options.q,
    limit: options.limit ?? RECORD_PAGE_SIZE,
    cursor: options.cursor,
  });
  return api.get<RecordPage<K>>(`${RECORD_KINDS[kind].path}${query}`, { signal });
}

export function recordListOptions<K extends RecordKind>(kind: K, q: string) {
  return infiniteQueryOptions({
    queryKey: [RECORD_KINDS[kind].path, "list", { q }],
    queryFn: ({ pageParam, signal }) => fetchRecordPage(kind, { q, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** The speaker's clients or bureau partners by name, optionally those matching `q`, a page at a time. */
export function useRecordList<K extends RecordKind>(kind: K, q = "") {
  return useInfiniteQuery({ ...recordListOptions(kind, q), placeholderData: keepPreviousData });
}

const SUGGESTION_DEBOUNCE_MS = 200;
/** How many existing records the event form's type-ahead offers. */
export const SUGGESTION_LIMIT = 8;

/** The first few records whose name, company or e-mail contains `text` (all of them, by name, for ""). */
export function useRecordSuggestions<K extends RecordKind>(kind: K, text: string) {
  const q = useDebouncedValue(text.trim(), SUGGESTION_DEBOUNCE_MS);
  return useQuery({
    queryKey: [RECORD_KINDS[kind].path, "suggestions", { q }],
    queryFn: ({ signal }) => fetchRecordPage(kind, { q, limit: SUGGESTION_LIMIT }, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
