import { cookieNames } from "../server/platform/auth/plugin.ts";
import { createSession } from "../server/platform/auth/sessions.ts";
import type { Database } from "../server/platform/db/client.ts";
import { createUser } from "./factories.ts";

/**
 * A browser over real HTTP: one cookie jar (session, CSRF) used against any address, so one speaker can call
 * process A, then process B, then the load balancer, as a browser behind a load balancer would. Sends the
 * CSRF header on unsafe calls the way the web app does.
 */
// biome-ignore lint/suspicious/noExplicitAny: the answers are read field by field in each test
export type FetchAnswer = { status: number; headers: Headers; text: string; json: () => any };

export function createFetchClient(defaultBase: string) {
  const jar = new Map<string, string>();

  const remember = (headers: Headers) => {
    for (const line of headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const [name = "", ...rest] = pair.split("=");
      const value = rest.join("=");
      const expired = attributes.some((a) => /max-age=0|expires=thu, 01 jan 1970/i.test(a.trim()));
      if (expired || value === "") jar.delete(name.trim());
      else jar.set(name.trim(), value);
    }
  };

  async function request(
    method: string,
    url: string,
    {
      body,
      raw,
      base = defaultBase,
      extraHeaders,
    }: {
      body?: unknown;
      raw?: { body: Buffer; headers: Record<string, string> };
      base?: string;
      extraHeaders?: Record<string, string>;
    } = {},
  ): Promise<FetchAnswer> {
    const headers: Record<string, string> = { ...raw?.headers, ...extraHeaders };
    if (!["GET", "HEAD"].includes(method)) {
      if (!jar.has("csrf-token")) await request("GET", "/api/csrf-token", { base });
      headers["x-csrf-token"] = jar.get("csrf-token") ?? "";
    }
    if (body !== undefined) headers["content-type"] = "application/json";
    if (jar.size > 0) headers.cookie = [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
    const response = await fetch(`${base}${url}`, {
      method,
      headers,
      body: raw ? new Uint8Array(raw.body) : body === undefined ? undefined : JSON.stringify(body),
    });
    remember(response.headers);
    const text = await response.text();
    return { status: response.status, headers: response.headers, text, json: () => JSON.parse(text) };
  }

  return {
    jar,
    get: (url: string, base?: string) => request("GET", url, { base }),
    post: (url: string, body?: unknown, base?: string, extraHeaders?: Record<string, string>) =>
      request("POST", url, { body, base, extraHeaders }),
    put: (url: string, body?: unknown, base?: string) => request("PUT", url, { body, base }),
    patch: (url: string, body?: unknown, base?: string) => request("PATCH", url, { body, base }),
    delete: (url: string, base?: string) => request("DELETE", url, { base }),
    /** A body sent as is, e.g. multipart/form-data with its own content-type header. */
    postRaw: (url: string, raw: { body: Buffer; headers: Record<string, string> }, base?: string) =>
      request("POST", url, { raw, base }),
  };
}

export type FetchClient = ReturnType<typeof createFetchClient>;

/** A new speaker (factories' defaults, DEFAULT_PASSWORD) and a browser signed in as them, through `db`. */
export async function createSignedInFetchClient(
  db: Database,
  base: string,
  overrides: Parameters<typeof createUser>[1] = {},
) {
  const user = await createUser(db, overrides);
  const client = createFetchClient(base);
  const { token } = await createSession(db, { userId: user.id });
  client.jar.set(cookieNames(false).session, token);
  return { user, client };
}
