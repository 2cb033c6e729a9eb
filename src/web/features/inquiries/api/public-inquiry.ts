import type { PublicPageAnswer } from "../../../../shared/public-page.ts";
import type { PublicAvailability } from "../../../../shared/schemas/holds.ts";
import type { InquiryForm, InquiryInput } from "../../../../shared/schemas/inquiries.ts";

/** The slug of `/inquire/{slug}`, or null for any other address. */
export function readInquirySlug(pathname: string): string | null {
  const match = pathname.match(/^\/inquire\/([^/]+)\/?$/);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}

export type InquiryFormResult =
  | { state: "shown"; form: InquiryForm }
  | { state: "unavailable" }
  | { state: "failed" };

/** What the page shows for an answer of the form's public call. */
export function inquiryFormResultOf(answer: PublicPageAnswer): InquiryFormResult {
  if (answer.status === 404) return { state: "unavailable" };
  if (answer.status !== 200) return { state: "failed" };
  return { state: "shown", form: answer.body as InquiryForm };
}

const inquiryPath = (slug: string) => `/api/public/inquiries/${encodeURIComponent(slug)}`;

/**
 * The public page's calls: plain fetches, not the signed-in app's api client, which this page does not
 * carry. The POST needs no CSRF token: the form, embedded on another site, cannot read our cookies, and
 * its signed form token stands in (decision 031).
 */
export async function fetchInquiryForm(slug: string): Promise<InquiryFormResult> {
  try {
    const response = await fetch(inquiryPath(slug), { credentials: "same-origin", cache: "no-store" });
    const isJson = response.status === 200;
    return inquiryFormResultOf({ status: response.status, body: isJson ? await response.json() : null });
  } catch {
    return { state: "failed" };
  }
}

export type SendResult =
  | { state: "sent"; message: string }
  | { state: "invalid"; fields: Record<string, string> }
  | { state: "failed"; message: string };

export async function sendInquiry(slug: string, inquiry: InquiryInput): Promise<SendResult> {
  try {
    const response = await fetch(inquiryPath(slug), {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(inquiry),
    });
    const body = (await response.json().catch(() => ({}))) as {
      message?: string;
      error?: string;
      fields?: Record<string, string>;
    };
    if (response.status === 201) return { state: "sent", message: body.message ?? "" };
    if (response.status === 400 && body.fields) return { state: "invalid", fields: body.fields };
    if (response.status === 429) {
      return { state: "failed", message: "Too many requests from your network. Please try again later." };
    }
    return { state: "failed", message: body.error ?? "Your inquiry could not be sent. Please try again." };
  } catch {
    return {
      state: "failed",
      message: "Your inquiry could not be sent. Check your connection and try again.",
    };
  }
}

/** Free, held or booked on `date` (never whose), when the speaker shows it; null when it cannot be told. */
export async function fetchDateAvailability(slug: string, date: string): Promise<PublicAvailability | null> {
  try {
    const response = await fetch(`${inquiryPath(slug)}/availability?date=${encodeURIComponent(date)}`, {
      credentials: "same-origin",
      cache: "no-store",
    });
    return response.ok ? ((await response.json()) as PublicAvailability) : null;
  } catch {
    return null;
  }
}

export const inquiryPageUrl = (origin: string, slug: string) => `${origin}/inquire/${slug}`;
