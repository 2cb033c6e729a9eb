import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  checkSession,
  markSessionChecked,
  SESSION_CHECK_MIN_GAP_MS,
  SESSION_CHECK_TIMEOUT_MS,
  setLogoutInProgress,
} from "./session-check.ts";

const user = {
  id: "u1",
  username: "ada",
  email: "a@example.com",
  emailVerified: true,
  isAdmin: false,
  createdAt: "",
};
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("checkSession", () => {
  const fetchMock = vi.fn<typeof fetch>();
  const start = 1_000_000_000;

  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal("fetch", fetchMock);
    markSessionChecked(start);
    setLogoutInProgress(false);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("is skipped within 5 minutes of the last check", async () => {
    expect(await checkSession(start + SESSION_CHECK_MIN_GAP_MS - 1)).toEqual({ outcome: "skipped" });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("is skipped while a logout is in progress", async () => {
    setLogoutInProgress(true);
    expect(await checkSession(start + SESSION_CHECK_MIN_GAP_MS * 3)).toEqual({ outcome: "skipped" });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("asks GET /api/user with a 10 s timeout and returns the fresh user", async () => {
    const timeout = vi.spyOn(AbortSignal, "timeout");
    fetchMock.mockResolvedValueOnce(json(user));
    expect(await checkSession(start + SESSION_CHECK_MIN_GAP_MS)).toEqual({ outcome: "valid", user });
    expect(fetchMock.mock.calls[0]![0]).toBe("/api/user");
    expect(timeout).toHaveBeenCalledWith(SESSION_CHECK_TIMEOUT_MS);
    // The check just made counts as the last one.
    expect(await checkSession(start + SESSION_CHECK_MIN_GAP_MS + 1000)).toEqual({ outcome: "skipped" });
  });

  it.each([401, 403])("ends the session on %i", async (status) => {
    fetchMock.mockResolvedValueOnce(json({ error: "Not authenticated" }, status));
    expect(await checkSession(start + SESSION_CHECK_MIN_GAP_MS)).toEqual({ outcome: "expired" });
  });

  it("keeps the session on server errors, network errors and timeouts", async () => {
    let now = start;
    const later = () => {
      now += SESSION_CHECK_MIN_GAP_MS;
      return now;
    };
    fetchMock.mockResolvedValueOnce(json({ error: "Something went wrong" }, 500));
    expect(await checkSession(later())).toEqual({ outcome: "valid" });
    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    expect(await checkSession(later())).toEqual({ outcome: "valid" });
    fetchMock.mockRejectedValueOnce(new DOMException("signal timed out", "TimeoutError"));
    expect(await checkSession(later())).toEqual({ outcome: "valid" });
  });
});
