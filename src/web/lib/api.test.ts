import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  ApiError,
  api,
  clearCsrfToken,
  describeError,
  downloadFile,
  forgetKeptAnswers,
  setReauthPrompt,
} from "./api.ts";

const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), { ...init, headers: { "content-type": "application/json" } });

describe("api", () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    clearCsrfToken();
    fetchMock.mockReset();
    vi.stubGlobal("fetch", fetchMock);
    vi.stubGlobal("document", { cookie: "csrf-token=cookie-token" });
  });
  afterEach(() => vi.unstubAllGlobals());

  const sentHeaders = (call: number) => new Headers(fetchMock.mock.calls[call]![1]!.headers);

  it("sends cookies and no CSRF header or content type on a GET", async () => {
    fetchMock.mockResolvedValueOnce(json({ id: "u1" }));
    expect(await api.get("/api/user")).toEqual({ id: "u1" });
    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe("/api/user");
    expect(init).toMatchObject({ method: "GET", credentials: "include" });
    expect(sentHeaders(0).has("x-csrf-token")).toBe(false);
    expect(sentHeaders(0).has("content-type")).toBe(false);
  });

  it("sends JSON with the CSRF token on a non-GET call", async () => {
    fetchMock.mockResolvedValueOnce(json({ ok: true }, { status: 201 }));
    await api.post("/api/login", { username: "ada", password: "pw" });
    expect(fetchMock.mock.calls[0]![1]!.body).toBe('{"username":"ada","password":"pw"}');
    expect(sentHeaders(0).get("content-type")).toBe("application/json");
    expect(sentHeaders(0).get("x-csrf-token")).toBe("cookie-token");
  });

  it("lets the browser set the content type of FormData and sends no JSON type without a body", async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    const form = new FormData();
    form.set("file", "x");
    await api.post("/api/import", form);
    expect(fetchMock.mock.calls[0]![1]!.body).toBe(form);
    expect(sentHeaders(0).has("content-type")).toBe(false);
    expect(await api.post("/api/logout")).toBeUndefined();
    expect(sentHeaders(1).has("content-type")).toBe(false);
    expect(sentHeaders(1).get("x-csrf-token")).toBe("cookie-token");
  });

  it("retries once with a fresh token after a CSRF refusal", async () => {
    fetchMock
      .mockResolvedValueOnce(json({ error: "Invalid CSRF token", csrfError: true }, { status: 403 }))
      .mockResolvedValueOnce(json({ csrfToken: "fresh-token" }))
      .mockResolvedValueOnce(json({ saved: true }));
    expect(await api.put("/api/speaker-profile", { name: "Ada" })).toEqual({ saved: true });
    expect(fetchMock.mock.calls[1]![0]).toBe("/api/csrf-token");
    expect(sentHeaders(2).get("x-csrf-token")).toBe("fresh-token");
  });

  it("also treats an error text mentioning CSRF as a CSRF refusal, but retries only once", async () => {
    fetchMock
      .mockResolvedValueOnce(json({ error: "CSRF token missing" }, { status: 403 }))
      .mockResolvedValueOnce(json({ csrfToken: "fresh-token" }))
      .mockResolvedValueOnce(json({ error: "CSRF token missing" }, { status: 403 }));
    await expect(api.delete("/api/events/1")).rejects.toThrow("403: CSRF token missing");
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it("does not retry a 403 that is not about CSRF", async () => {
    fetchMock.mockResolvedValueOnce(json({ error: "Administrator access required" }, { status: 403 }));
    await expect(api.post("/api/admin/announcements", {})).rejects.toThrow(
      "403: Administrator access required",
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("passes the caller's headers and abort signal", async () => {
    fetchMock.mockResolvedValueOnce(json({}));
    const controller = new AbortController();
    await api.post(
      "/api/events",
      { title: "Keynote" },
      { headers: { "Idempotency-Key": "k1" }, signal: controller.signal },
    );
    expect(sentHeaders(0).get("idempotency-key")).toBe("k1");
    expect(fetchMock.mock.calls[0]![1]!.signal).toBe(controller.signal);
  });

  it("returns the file and its name for a download", async () => {
    fetchMock.mockResolvedValueOnce(
      new Response("xlsx-bytes", {
        headers: { "content-disposition": 'attachment; filename="podium-ada.xlsx"' },
      }),
    );
    const { blob, filename } = await downloadFile("/api/export/workbook");
    expect(filename).toBe("podium-ada.xlsx");
    expect(await blob.text()).toBe("xlsx-bytes");
  });
});

describe("api error texts (spec §8)", () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal("fetch", fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  const failureOf = async (response: Response) => {
    fetchMock.mockResolvedValueOnce(response);
    return api.get("/api/anything").then(
      () => {
        throw new Error("expected the call to fail");
      },
      (error: unknown) => error as ApiError,
    );
  };

  it("reads status and the server's error text, keeping the body, fields and bare text", async () => {
    const body = { error: "Invalid email address", fields: { email: "Invalid email address", n: 1 } };
    const error = await failureOf(json(body, { status: 400 }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe("400: Invalid email address");
    expect(error.status).toBe(400);
    expect(error.serverMessage).toBe("Invalid email address");
    expect(error.fields).toEqual({ email: "Invalid email address" });
    expect(error.body).toEqual(body);
  });

  it("falls back to the message field, then to the status text", async () => {
    expect((await failureOf(json({ message: "Not verified" }, { status: 422 }))).message).toBe(
      "422: Not verified",
    );
    expect((await failureOf(json({}, { status: 409, statusText: "Conflict" }))).message).toBe(
      "409: Conflict",
    );
  });

  it("gives status and status text for a non-JSON body, or Server error", async () => {
    const plain = new Response("oops", { status: 502, statusText: "Bad Gateway" });
    expect((await failureOf(plain)).message).toBe("502: Bad Gateway");
    expect((await failureOf(new Response("oops", { status: 500 }))).message).toBe("Server error");
  });

  it("names a database connection failure", async () => {
    const response = new Response("Error: could not connect to database server", { status: 500 });
    expect((await failureOf(response)).message).toBe("Database connection error. Please try again later.");
  });

  it("hides an HTML error page", async () => {
    const response = new Response("<!DOCTYPE html><html><body>Bad Gateway</body></html>", {
      status: 502,
      headers: { "content-type": "text/html" },
    });
    expect((await failureOf(response)).message).toBe("Server error. Please try again later.");
  });

  it("reports invalid JSON, in an error or in a success answer", async () => {
    const broken = { headers: { "content-type": "application/json" } };
    expect((await failureOf(new Response("{not json", { ...broken, status: 500 }))).message).toBe(
      "Server returned an invalid response. Please try again later.",
    );
    expect((await failureOf(new Response("{not json", broken))).message).toBe(
      "Server returned an invalid response. Please try again later.",
    );
    expect(
      (await failureOf(new Response("<html></html>", { headers: { "content-type": "text/html" } }))).message,
    ).toBe("Server returned an invalid response. Please try again later.");
  });

  it("turns a network failure into status 0 and passes an abort through", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    const error = (await api.get("/api/user").catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(0);
    fetchMock.mockRejectedValueOnce(new DOMException("The operation was aborted.", "AbortError"));
    await expect(api.get("/api/user")).rejects.toMatchObject({ name: "AbortError" });
  });

  it("describeError prefers the server's bare text and otherwise the fallback", async () => {
    const error = await failureOf(json({ error: "Invalid username or password" }, { status: 401 }));
    expect(describeError(error, "Login failed")).toBe("Invalid username or password");
    expect(describeError(await failureOf(new Response("x", { status: 500 })), "Login failed")).toBe(
      "Login failed",
    );
    expect(describeError(new Error("boom"), "Login failed")).toBe("Login failed");
  });

  it("describeError ends a failure on the server's side with its request id, for the speaker to quote", async () => {
    const requestId = "3f2c0a1e-9b7d-4c55-8e21-6a0f4d2b9c10";
    const headers = { "content-type": "application/json", "x-request-id": requestId };
    const crash = { error: "Something went wrong on our side. Please try again." };
    const serverFailure = await failureOf(new Response(JSON.stringify(crash), { status: 500, headers }));
    expect(describeError(serverFailure, "Could not save")).toBe(
      `Something went wrong on our side. Please try again. (Reference: ${requestId})`,
    );
    const proxyFailure = await failureOf(
      new Response("<html>Bad gateway</html>", { status: 502, headers: { "x-request-id": requestId } }),
    );
    expect(describeError(proxyFailure, "Could not save")).toBe(`Could not save (Reference: ${requestId})`);
    // A refusal with its reason is the speaker's to fix: no reference to quote.
    const refusal = await failureOf(
      new Response(JSON.stringify({ error: "That username is taken" }), { status: 409, headers }),
    );
    expect(describeError(refusal, "Could not save")).toBe("That username is taken");
  });
});

describe("api, refetching an answer that carried an ETag", () => {
  const fetchMock = vi.fn<typeof fetch>();
  const tagged = (body: unknown, etag: string) =>
    new Response(JSON.stringify(body), { headers: { "content-type": "application/json", etag } });
  const notModified = () => new Response(null, { status: 304, headers: { etag: 'W/"v1"' } });
  const sent = (call: number) => fetchMock.mock.calls[call]![1]!;

  beforeEach(() => {
    forgetKeptAnswers();
    fetchMock.mockReset();
    vi.stubGlobal("fetch", fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("asks If-None-Match and reuses the kept body on 304", async () => {
    fetchMock.mockResolvedValueOnce(tagged({ items: [1, 2] }, 'W/"v1"')).mockResolvedValueOnce(notModified());
    const first = await api.get("/api/events?limit=50");
    expect(new Headers(sent(0).headers).has("if-none-match")).toBe(false);
    const again = await api.get("/api/events?limit=50");
    expect(new Headers(sent(1).headers).get("if-none-match")).toBe('W/"v1"');
    expect(sent(1).cache).toBe("no-store");
    expect(again).toBe(first);
  });

  it("takes a changed answer and its new tag, per URL", async () => {
    fetchMock
      .mockResolvedValueOnce(tagged({ title: "Old" }, 'W/"v1"'))
      .mockResolvedValueOnce(tagged({ title: "New" }, 'W/"v2"'))
      .mockResolvedValueOnce(tagged({ items: [] }, 'W/"list"'))
      .mockResolvedValueOnce(notModified());
    await api.get("/api/events/e1");
    expect(await api.get("/api/events/e1")).toEqual({ title: "New" });
    await api.get("/api/clients");
    await api.get("/api/events/e1");
    expect(new Headers(sent(2).headers).has("if-none-match")).toBe(false);
    expect(new Headers(sent(3).headers).get("if-none-match")).toBe('W/"v2"');
  });

  it("offers nothing kept once the signed-in user changes", async () => {
    fetchMock
      .mockResolvedValueOnce(tagged({ items: [1] }, 'W/"v1"'))
      .mockResolvedValueOnce(tagged({}, 'W/"v9"'));
    await api.get("/api/events");
    forgetKeptAnswers();
    await api.get("/api/events");
    expect(new Headers(sent(1).headers).has("if-none-match")).toBe(false);
  });
});

describe("api, when an action needs a fresh check", () => {
  const fetchMock = vi.fn<typeof fetch>();
  const askAgain = () => json({ error: "Confirm it is you first", reauth: true }, { status: 403 });
  let unregister = () => {};

  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal("fetch", fetchMock);
    vi.stubGlobal("document", { cookie: "csrf-token=cookie-token" });
  });
  afterEach(() => {
    unregister();
    vi.unstubAllGlobals();
  });

  it("asks once, then sends the same request again", async () => {
    const prompt = vi.fn(async () => true);
    unregister = setReauthPrompt(prompt);
    fetchMock.mockResolvedValueOnce(askAgain()).mockResolvedValueOnce(new Response(null, { status: 204 }));
    await api.post("/api/account/password", { currentPassword: "a", newPassword: "b" });
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls.map(([path]) => path)).toEqual([
      "/api/account/password",
      "/api/account/password",
    ]);
    expect(fetchMock.mock.calls[1]![1]!.body).toBe('{"currentPassword":"a","newPassword":"b"}');
  });

  it("gives the refusal back when the person cancels, and asks only once when refused again", async () => {
    unregister = setReauthPrompt(async () => false);
    fetchMock.mockResolvedValueOnce(askAgain());
    const cancelled = await api.delete("/api/passkeys/p1").catch((error: unknown) => error);
    expect(cancelled).toMatchObject({ status: 403, isReauthRequired: true });
    expect(fetchMock).toHaveBeenCalledTimes(1);

    unregister();
    const prompt = vi.fn(async () => true);
    unregister = setReauthPrompt(prompt);
    fetchMock.mockResolvedValueOnce(askAgain()).mockResolvedValueOnce(askAgain());
    await expect(api.delete("/api/passkeys/p1")).rejects.toMatchObject({ isReauthRequired: true });
    expect(prompt).toHaveBeenCalledTimes(1);
  });

  it("shares one question between calls refused at the same moment, and covers downloads", async () => {
    let confirm = (_isConfirmed: boolean) => {};
    const prompt = vi.fn(() => new Promise<boolean>((resolve) => (confirm = resolve)));
    unregister = setReauthPrompt(prompt);
    fetchMock
      .mockResolvedValueOnce(askAgain())
      .mockResolvedValueOnce(askAgain())
      .mockImplementation(async () => json({}));
    const both = Promise.all([api.put("/api/payments-account", {}), downloadFile("/api/export/json")]);
    await vi.waitFor(() => expect(prompt).toHaveBeenCalled());
    confirm(true);
    await both;
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it("leaves a 403 without the flag alone, and cannot ask where nothing registered", async () => {
    fetchMock.mockResolvedValueOnce(json({ error: "A viewer can't change events" }, { status: 403 }));
    await expect(api.patch("/api/events/e1", {})).rejects.toMatchObject({ isReauthRequired: false });
    fetchMock.mockResolvedValueOnce(askAgain());
    await expect(api.post("/api/totp/disable", {})).rejects.toMatchObject({ isReauthRequired: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
