import type { FastifyInstance, InjectOptions } from "fastify";

type RequestOptions = {
  body?: unknown;
  headers?: Record<string, string>;
  /** Send the CSRF header (default true for unsafe methods). */
  csrf?: boolean;
};

/**
 * A browser-like client over `app.inject`: keeps cookies between calls and sends the CSRF token the way
 * the web app does (read from the csrf-token cookie, fetched when missing). `remoteAddress` is the IP address
 * it calls from (per-IP limits count it); 127.0.0.1 unless given. Given another client's `jar`, it is the same
 * browser calling another server process.
 */
export function createClient(
  app: FastifyInstance,
  { remoteAddress, jar = new Map() }: { remoteAddress?: string; jar?: Map<string, string> } = {},
) {
  const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
  const remember = (setCookie: string | string[] | undefined) => {
    for (const line of [setCookie ?? []].flat()) {
      const [pair, ...attributes] = line.split(";");
      const [name, ...rest] = pair!.split("=");
      const value = rest.join("=");
      const expired = attributes.some((a) => /max-age=0|expires=thu, 01 jan 1970/i.test(a.trim()));
      if (expired || value === "") jar.delete(name!.trim());
      else jar.set(name!.trim(), value);
    }
  };

  async function request(method: InjectOptions["method"], url: string, options: RequestOptions = {}) {
    const unsafe = !["GET", "HEAD", "OPTIONS"].includes(String(method));
    const headers: Record<string, string> = { ...options.headers };
    if (unsafe && options.csrf !== false && !headers["x-csrf-token"]) {
      if (!jar.has("csrf-token")) await request("GET", "/api/csrf-token");
      headers["x-csrf-token"] = jar.get("csrf-token")!;
    }
    if (jar.size > 0) headers.cookie = cookieHeader();
    const response = await app.inject({
      method,
      url,
      headers,
      ...(remoteAddress && { remoteAddress }),
      ...(options.body === undefined ? {} : { payload: options.body as InjectOptions["payload"] }),
    });
    remember(response.headers["set-cookie"]);
    // What the server does after answering (e-mails of the recovery calls) is done before the next step.
    await app.afterResponse.idle();
    return response;
  }

  return {
    jar,
    request,
    get: (url: string, options?: RequestOptions) => request("GET", url, options),
    post: (url: string, body?: unknown, options?: RequestOptions) =>
      request("POST", url, { ...options, body }),
    put: (url: string, body?: unknown, options?: RequestOptions) => request("PUT", url, { ...options, body }),
    patch: (url: string, body?: unknown, options?: RequestOptions) =>
      request("PATCH", url, { ...options, body }),
    delete: (url: string, body?: unknown, options?: RequestOptions) =>
      request("DELETE", url, { ...options, body }),
  };
}

export type TestClient = ReturnType<typeof createClient>;
