/** What the load test asks for: the real signed-in list, and the bare route with the same body. */
export const LIST_PATH = "/api/events?limit=50";
export const BARE_PATH = "/api/bench/bare-events";

/** The child server's message once it listens. */
export type ServerReady = { port: number; cookie: string; bareBytes: number };
