import { z } from "zod";
import { idSchema } from "./fields.ts";
import { SEARCH_LIMIT, SEARCH_MIN_LENGTH } from "./search-limits.ts";
import { clientSummarySchema } from "./summaries.ts";

export { SEARCH_LIMIT, SEARCH_MIN_LENGTH };

export const searchQuerySchema = z.object({
  q: z.string().trim().max(200, "Search text must be at most 200 characters").default(""),
});
export type SearchQuery = z.output<typeof searchQuerySchema>;

/** Spec §3 search result: events (id, title, date, venueName, city, state). */
export const eventSearchResultSchema = z.object({
  id: idSchema,
  title: z.string(),
  date: z.string(),
  venueName: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
});
export type EventSearchResult = z.infer<typeof eventSearchResultSchema>;

/** Spec §3 search result: clients (id, name, company, email). */
export const clientSearchResultSchema = clientSummarySchema;
export type ClientSearchResult = z.infer<typeof clientSearchResultSchema>;

export const searchResultsSchema = z.object({
  events: z.array(eventSearchResultSchema),
  clients: z.array(clientSearchResultSchema),
});
export type SearchResults = z.infer<typeof searchResultsSchema>;
