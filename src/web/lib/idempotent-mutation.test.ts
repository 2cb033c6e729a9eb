import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, type RequestOptions } from "./api.ts";
import { mutationWithIdempotency } from "./idempotent-mutation.ts";

describe("mutationWithIdempotency", () => {
  afterEach(() => vi.useRealTimers());

  it("sends one Idempotency-Key for every attempt and retries twice after 1 s and 2 s", async () => {
    vi.useFakeTimers();
    const send = vi.fn(async (_input: { title: string }, _options: RequestOptions): Promise<string> => {
      throw new ApiError(0, "offline");
    });
    send
      .mockRejectedValueOnce(new ApiError(503, "503: busy"))
      .mockRejectedValueOnce(new ApiError(0, "offline"));
    send.mockResolvedValueOnce("created");

    const result = mutationWithIdempotency(send)({ title: "Keynote" });
    await vi.advanceTimersByTimeAsync(999);
    expect(send).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(send).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(await result).toBe("created");

    const keys = send.mock.calls.map(([, options]) => options.headers?.["Idempotency-Key"]);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
  });

  it("gives up after two retries and uses a new key for the next call", async () => {
    vi.useFakeTimers();
    const send = vi.fn(async (_input: null, _options: RequestOptions): Promise<void> => {
      throw new ApiError(500, "500: down");
    });
    const mutate = mutationWithIdempotency(send);
    const failed = expect(mutate(null)).rejects.toThrow("500: down");
    await vi.advanceTimersByTimeAsync(10_000);
    await failed;
    expect(send).toHaveBeenCalledTimes(3);

    const again = expect(mutate(null)).rejects.toThrow();
    await vi.advanceTimersByTimeAsync(10_000);
    await again;
    expect(send.mock.calls[3]![1].headers!["Idempotency-Key"]).not.toBe(
      send.mock.calls[0]![1].headers!["Idempotency-Key"],
    );
  });

  it("does not retry an answer the server gave on purpose (4xx)", async () => {
    const send = vi.fn(async (): Promise<void> => {
      throw new ApiError(400, "400: Title is required");
    });
    await expect(mutationWithIdempotency(send)(undefined)).rejects.toThrow("Title is required");
    expect(send).toHaveBeenCalledTimes(1);
  });
});
