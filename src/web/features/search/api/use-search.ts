import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { SearchResults } from "../../../../shared/schemas/search.ts";
import { SEARCH_MIN_LENGTH } from "../../../../shared/schemas/search-limits.ts";
import { api } from "../../../lib/api.ts";
import { useDebouncedValue } from "../../../lib/use-debounced-value.ts";

/** Spec §5: the query is debounced 300 ms and sent only with at least 2 characters after trimming. */
export const SEARCH_DEBOUNCE_MS = 300;

const NO_RESULTS: SearchResults = { events: [], clients: [] };

async function searchEverything(query: string, signal: AbortSignal): Promise<SearchResults> {
  try {
    return await api.get<SearchResults>(`/api/search?q=${encodeURIComponent(query)}`, { signal });
  } catch (error) {
    throw new Error("Search failed", { cause: error });
  }
}

/** Events and clients matching `text`; empty lists for fewer than 2 characters. */
export function useSearch(text: string) {
  const query = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const isSearchable = query.length >= SEARCH_MIN_LENGTH;
  const result = useQuery({
    queryKey: ["/api/search", { q: query }],
    queryFn: ({ signal }) => searchEverything(query, signal),
    enabled: isSearchable,
    // Results of the previous text stay on screen while the next ones load.
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  return {
    query,
    isSearchable,
    results: isSearchable ? (result.data ?? NO_RESULTS) : NO_RESULTS,
    // Loading too while the previous text's results stand in for this one's.
    isLoading: isSearchable && (result.isPending || result.isPlaceholderData),
    isError: isSearchable && result.isError,
    // While the text is still settling, the results belong to an older query.
    isSettling: text.trim() !== query,
  };
}
