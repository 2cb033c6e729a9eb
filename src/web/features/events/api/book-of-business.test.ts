import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { refreshBookOfBusiness, toQueryString } from "./book-of-business.ts";

describe("refreshBookOfBusiness", () => {
  it("marks every list, page and figure of the book of business stale, and nothing else", async () => {
    const queryClient = new QueryClient();
    const keys = [
      ["/api/events", "list", {}],
      ["/api/clients", "detail", "c1"],
      ["/api/bureau-partners", "list", { q: "" }],
      ["/api/dashboard", { today: "2026-03-14" }],
      ["/api/search", { q: "acme" }],
      ["/api/speaker-profile"],
    ];
    for (const key of keys) queryClient.setQueryData(key, { kept: true });
    await refreshBookOfBusiness(queryClient);
    const stale = keys.filter((key) => queryClient.getQueryState(key)?.isInvalidated);
    expect(stale).toEqual(keys.slice(0, 5));
  });

  it("marks a deleted record's page stale without asking for it again while it is on screen", async () => {
    const queryClient = new QueryClient();
    const key = ["/api/events", "detail", "e1"];
    let fetches = 0;
    const page = new QueryObserver(queryClient, {
      queryKey: key,
      queryFn: async () => {
        fetches += 1;
        return { title: "Sales Kickoff" };
      },
    });
    const unsubscribe = page.subscribe(() => {});
    await page.refetch();
    const fetchesBefore = fetches;

    await refreshBookOfBusiness(queryClient, key);
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
    expect(fetches).toBe(fetchesBefore);

    // Any other change refreshes the page on screen.
    await refreshBookOfBusiness(queryClient);
    expect(fetches).toBe(fetchesBefore + 1);
    unsubscribe();
  });
});

describe("toQueryString", () => {
  it("keeps only the parameters that have a value", () => {
    expect(toQueryString({ q: "acme corp", status: undefined, from: "", limit: 25, cursor: null })).toBe(
      "?q=acme+corp&limit=25",
    );
    expect(toQueryString({ q: "" })).toBe("");
  });
});
