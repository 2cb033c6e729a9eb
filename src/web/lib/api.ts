import {
  ApiError,
  INVALID_RESPONSE_TEXT,
  isJsonResponse,
  NETWORK_ERROR_TEXT,
  toApiError,
} from "./api-error.ts";
import { getCsrfToken } from "./csrf.ts";
import { findKeptAnswer, keepAnswer } from "./kept-answers.ts";
import { confirmIdentity } from "./reauth.ts";

export { ApiError, describeError } from "./api-error.ts";
export { clearCsrfToken, getCsrfToken } from "./csrf.ts";
export { forgetKeptAnswers } from "./kept-answers.ts";
export { setReauthPrompt } from "./reauth.ts";

export type RequestOptions = {
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * The one place the web app calls `fetch` (DESIGN §6), implementing spec §7: cookies on every call,
 * a CSRF token on every non-GET call, JSON bodies unless FormData, one retry after a CSRF refusal, and
 * the spec §8 error texts. A GET answered with an ETag is kept (kept-answers.ts) and asked again with
 * `If-None-Match`; a 304 resolves with the kept body. A refusal for want of a fresh check (DESIGN §11) asks
 * for one (lib/reauth.ts) and sends the request once more. Resolves with the parsed JSON (undefined for an empty
 * answer); rejects with an ApiError.
 */
export async function apiRequest<T>(
  method: Method,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const kept = method === "GET" ? findKeptAnswer(path) : undefined;
  const sent = kept ? { ...options, headers: { ...options.headers, "if-none-match": kept.etag } } : options;
  const response = await sendConfirmed(method, path, body, sent);
  if (response.status === 304 && kept) return kept.body as T;
  if (!response.ok) throw await toApiError(response);
  const text = await response.text();
  if (!text) return undefined as T;
  if (!isJsonResponse(response)) throw new ApiError(response.status, INVALID_RESPONSE_TEXT);
  let parsed: T;
  try {
    parsed = JSON.parse(text) as T;
  } catch {
    throw new ApiError(response.status, INVALID_RESPONSE_TEXT);
  }
  const etag = response.headers.get("etag");
  if (method === "GET" && etag) keepAnswer(path, etag, parsed);
  return parsed;
}

/** A file download (e.g. the workbook export): the body as a Blob and the file name the server chose. */
export async function downloadFile(path: string, options: RequestOptions = {}) {
  const response = await sendConfirmed("GET", path, undefined, options);
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

/** Sends; when the server wants a fresh check first, asks for one and, once given, sends again (once). */
async function sendConfirmed(method: Method, path: string, body: unknown, options: RequestOptions) {
  const response = await send(method, path, body, options);
  if (response.status !== 403) return response;
  const refusal = await toApiError(response.clone());
  if (!refusal.isReauthRequired || !(await confirmIdentity())) return response;
  return send(method, path, body, options);
}

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
      // A conditional read must reach the server and see its 304 (the browser keeps none of these answers).
      cache: isSafe ? (headers.has("if-none-match") ? "no-store" : "no-cache") : undefined,
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
