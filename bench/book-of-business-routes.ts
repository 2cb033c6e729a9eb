/** What the load test asks for: the real signed-in list, and the bare route with the same body. */
export const LIST_PATH = "/api/events?limit=50";
export const BARE_PATH = "/api/bench/bare-events";

/** A signed-in read the load test measures next to the bare route. */
export type BenchRead = { name: string; path: string };

/** The signed-in reads measured under load, for a speaker with a client and an event (issues 4 and 20). */
export function benchReads(ids: { clientId: string; eventId: string }): BenchRead[] {
  return [
    { name: "event list", path: LIST_PATH },
    { name: "dashboard", path: "/api/dashboard" },
    { name: "clients list", path: "/api/clients" },
    { name: "bureau-partners list", path: "/api/bureau-partners" },
    { name: "client detail", path: `/api/clients/${ids.clientId}` },
    { name: "event detail", path: `/api/events/${ids.eventId}` },
    { name: "search", path: "/api/search?q=keynote" },
  ];
}

/** The five reads of the mixed soak (the issue-20 table): two lists, search, clients and the dashboard. */
export const SOAK_PATHS = [
  LIST_PATH,
  "/api/events?limit=50&sort=fee",
  "/api/search?q=keynote",
  "/api/clients",
  "/api/dashboard",
];

/** The child server's message once it listens. */
export type ServerReady = { port: number; cookie: string; bareBytes: number; reads: BenchRead[] };

/** The child's answer to "memory": its memory after a full garbage collection, in bytes. */
export type ServerMemory = { rss: number; heapUsed: number };
