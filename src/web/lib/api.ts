import {
  ApiError,
  INVALID_RESPONSE_TEXT,
  isJsonResponse,
  NETWORK_ERROR_TEXT,
  toApiError,
} from "./api-error.ts";
import { getCsrfToken } from "./csrf.ts";

export { ApiError, describeError } from "./api-error.ts";
export { clearCsrfToken, getCsrfToken } from "./csrf.ts";

export type RequestOptions = {
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * The one place the web app calls `fetch` (DESIGN §6), implementing spec §7: cookies on every call,
 * a CSRF token on every non-GET call, JSON bodies unless FormData, one retry after a CSRF refusal, and
 * the spec §8 error texts. Resolves with the parsed JSON (undefined for an empty answer); rejects with
 * an ApiError.
 */
export async function apiRequest<T>(
  method: Method,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const response = await send(method, path, body, options);
  if (!response.ok) throw await toApiError(response);
  const text = await response.text();
  if (!text) return undefined as T;
  if (!isJsonResponse(response)) throw new ApiError(response.status, INVALID_RESPONSE_TEXT);
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ApiError(response.status, INVALID_RESPONSE_TEXT);
  }
}

/** A file download (e.g. the workbook export): the body as a Blob and the file name the server chose. */
export async function downloadFile(path: string, options: RequestOptions = {}) {
  const response = await send("GET", path, undefined, options);
  if (!response.ok) throw await toApiError(response);
  const disposition = response.headers.get("content-disposition") ?? "";
  const filename = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? null;
  return { blob: await response.blob(), filename };
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => apiRequest<T>("GET", path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>("POST", path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>("PUT", path, body, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>("PATCH", path, body, options),
  delete: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>("DELETE", path, body, options),
};

async function send(
  method: Method,
  path: string,
  body: unknown,
  options: RequestOptions,
  isCsrfRetry = false,
): Promise<Response> {
  const headers = new Headers(options.headers);
  const isFormData = typeof FormData !== "undefined" && body instanceof FormData;
  if (body !== undefined && !isFormData) headers.set("content-type", "application/json");
  const isSafe = method === "GET";
  if (!isSafe) headers.set("x-csrf-token", await getCsrfToken({ fresh: isCsrfRetry }));

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : isFormData ? (body as FormData) : JSON.stringify(body),
      credentials: "include",
      cache: isSafe ? "no-cache" : undefined,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && (error.name === "AbortError" || error.name === "TimeoutError")) {
      throw error;
    }
    throw new ApiError(0, NETWORK_ERROR_TEXT);
  }

  if (response.status === 403 && !isSafe && !isCsrfRetry) {
    const refusal = await toApiError(response.clone());
    if (refusal.isCsrfError) return send(method, path, body, options, true);
  }
  return response;
}
