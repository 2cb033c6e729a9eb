import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CSRF_CACHE_MS, clearCsrfToken, getCsrfToken } from "./csrf.ts";

const tokenResponse = (token: string) =>
  new Response(JSON.stringify({ csrfToken: token }), { headers: { "content-type": "application/json" } });

describe("getCsrfToken", () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    clearCsrfToken();
    fetchMock.mockReset();
    vi.stubGlobal("fetch", fetchMock);
    vi.stubGlobal("document", { cookie: "" });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("reads the csrf-token cookie first, without a request", async () => {
    vi.stubGlobal("document", { cookie: "theme=dark; csrf-token=from%2Bcookie; other=1" });
    expect(await getCsrfToken()).toBe("from+cookie");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("fetches the token when there is no cookie and keeps it in memory for 10 minutes", async () => {
    vi.useFakeTimers();
    fetchMock.mockResolvedValueOnce(tokenResponse("first")).mockResolvedValueOnce(tokenResponse("second"));

    expect(await getCsrfToken()).toBe("first");
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/csrf-token",
      expect.objectContaining({ credentials: "include" }),
    );
    vi.advanceTimersByTime(CSRF_CACHE_MS - 1);
    expect(await getCsrfToken()).toBe("first");
    expect(fetchMock).toHaveBeenCalledTimes(1);

    vi.advanceTimersByTime(2);
    expect(await getCsrfToken()).toBe("second");
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("shares one request between calls made at the same time", async () => {
    fetchMock.mockResolvedValueOnce(tokenResponse("shared"));
    const tokens = await Promise.all([getCsrfToken(), getCsrfToken(), getCsrfToken()]);
    expect(tokens).toEqual(["shared", "shared", "shared"]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("fetches a fresh token on request even when the cookie and cache hold one", async () => {
    vi.stubGlobal("document", { cookie: "csrf-token=stale" });
    fetchMock.mockResolvedValueOnce(tokenResponse("renewed"));
    expect(await getCsrfToken({ fresh: true })).toBe("renewed");
  });

  it("retries a failed fetch after 250 ms and then 500 ms", async () => {
    vi.useFakeTimers();
    fetchMock
      .mockRejectedValueOnce(new TypeError("Failed to fetch"))
      .mockResolvedValueOnce(new Response("busy", { status: 503, statusText: "Service Unavailable" }))
      .mockResolvedValueOnce(tokenResponse("third time"));

    const result = getCsrfToken();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(249);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(499);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(await result).toBe("third time");
  });

  it("gives up after three attempts with the last error", async () => {
    vi.useFakeTimers();
    fetchMock.mockResolvedValue(new Response("down", { status: 502, statusText: "Bad Gateway" }));
    const result = getCsrfToken();
    const settled = expect(result).rejects.toThrow("502: Bad Gateway");
    await vi.advanceTimersByTimeAsync(1000);
    await settled;
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it("does not cache a failure: the next call tries again", async () => {
    vi.useFakeTimers();
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    const first = expect(getCsrfToken()).rejects.toThrow();
    await vi.advanceTimersByTimeAsync(1000);
    await first;
    fetchMock.mockResolvedValueOnce(tokenResponse("recovered"));
    expect(await getCsrfToken()).toBe("recovered");
  });
});
