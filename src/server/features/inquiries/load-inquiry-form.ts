import { INQUIRY_UNAVAILABLE, type InquiryForm } from "../../../shared/schemas/inquiries.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { AppError } from "../../platform/http/errors.ts";
import { getHoldSettings } from "../holds/hold-settings.ts";
import { loadMediaKit } from "../media-kit/queries.ts";
import { kitFiles } from "../share-links/queries.ts";
import { issueFormToken } from "./form-token.ts";
import { findInquirySpeaker, type InquirySpeaker } from "./queries.ts";

/** An unknown slug, or a speaker without a published media kit: the same 404 either way. */
export const inquiryUnavailable = () => new AppError("NOT_FOUND", INQUIRY_UNAVAILABLE);

export async function requireInquirySpeaker(db: Queryable, slug: string): Promise<InquirySpeaker> {
  const speaker = await findInquirySpeaker(db, slug);
  if (!speaker) throw inquiryUnavailable();
  return speaker;
}

export const headshotPath = (slug: string) => `/api/public/inquiries/${encodeURIComponent(slug)}/headshot`;

/** The speaker's primary headshot, when their media kit has one. */
export async function primaryHeadshot(db: Queryable, userId: string) {
  const [headshot] = await kitFiles(db, userId, "headshot");
  return headshot ?? null;
}

/** `GET /api/public/inquiries/:slug`: who the planner is writing to, and a freshly signed form token. */
export async function loadInquiryForm(
  db: Queryable,
  secret: string,
  slug: string,
  now: Date,
): Promise<InquiryForm> {
  const speaker = await requireInquirySpeaker(db, slug);
  const [kit, headshot, holdSettings] = await Promise.all([
    loadMediaKit(db, speaker.userId),
    primaryHeadshot(db, speaker.userId),
    getHoldSettings(db, speaker.userId),
  ]);
  return {
    slug: speaker.currentSlug,
    speaker: {
      name: speaker.name,
      businessName: speaker.businessName,
      title: speaker.title,
      headline: kit.headline,
      headshotUrl: headshot ? headshotPath(speaker.currentSlug) : null,
      topics: kit.topics.map((topic) => ({ title: topic.title, description: topic.description })),
    },
    formToken: issueFormToken(secret, speaker.userId, now),
    showsAvailability: holdSettings.showAvailabilityOnInquiryForm,
  };
}
