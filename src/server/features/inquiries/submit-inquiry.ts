import type { FastifyInstance } from "fastify";
import type { Inquiry } from "../../../shared/schemas/inquiries.ts";
import { speakerDisplayName } from "../../../shared/speaker-name.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { findOrCreateByName } from "../../platform/db/named-records.ts";
import { clients } from "../../platform/db/schema.ts";
import { AppError } from "../../platform/http/errors.ts";
import type { RateLimiter, RateLimitRule } from "../../platform/http/rate-limit.ts";
import { renderEmail } from "../../platform/mail/render.ts";
import { MailRefusedError } from "../../platform/mail/third-party-mail.ts";
import { insertEventWithLinks } from "../events/create-event.ts";
import { updateEventRow } from "../events/queries.ts";
import { isAcceptableFormToken } from "./form-token.ts";
import { requireInquirySpeaker } from "./load-inquiry-form.ts";
import type { InquirySpeaker } from "./queries.ts";

/** Inquiries one address may send in an hour; more are refused quietly (DESIGN §10). */
export const inquiriesPerIp: RateLimitRule = { name: "inquiry-ip", limit: 5, windowMinutes: 60 };

export type InquiryContext = { app: FastifyInstance; limiter: RateLimiter };

/**
 * A planner's inquiry: creates (or finds, by name in any case) the client and an Inquiry event, and e-mails
 * the speaker and (a receipt) the planner, all in one transaction. Nothing the planner typed is written onto a client:
 * the contact's name, e-mail and phone stay on the inquiry event (its contact) until the
 * speaker takes them over, so a stranger cannot choose where a client's invoices and contracts go. Spam — the honeypot filled, a missing, forged, too
 * quick or stale form token, or an address over its limit — creates nothing and sends nothing; the caller
 * answers it exactly like a real inquiry. Returns whether the inquiry was accepted.
 */
export async function submitInquiry(
  { app, limiter }: InquiryContext,
  slug: string,
  input: Inquiry,
  ip: string,
  now: Date,
): Promise<boolean> {
  const speaker = await requireInquirySpeaker(app.db, slug);
  if (await isOverLimit(limiter, ip)) return false;
  if (input.website?.trim()) return false;
  if (!isAcceptableFormToken(app.tokenKeys["inquiry-form"], speaker.userId, input.formToken, now))
    return false;

  const outboxIds = await app.db.transaction(async (tx) => {
    const clientId = await findOrCreateByName(tx, clients, speaker.userId, input.organization);
    const eventId = await insertEventWithLinks(
      tx,
      speaker.userId,
      {
        title: `Inquiry from ${input.organization}`.slice(0, 200),
        date: input.eventDate ?? now.toISOString().slice(0, 10),
        status: "inquiry",
        clientId,
        city: input.city,
        state: input.state,
        attendees: input.audienceSize,
        contactName: input.contactName,
        contactEmail: input.email,
        contactPhone: input.phone || null,
        source: "Inquiry form",
        description: inquiryDetails(input).join("\n"),
        notes: input.eventDate ? null : "The planner gave no date; the date is the day the inquiry came in.",
      },
      now,
      { actor: "planner", via: "the inquiry form" },
    );
    // Every value here is the planner's: automatic countersigning waits until the speaker reads the agreement.
    await updateEventRow(tx, speaker.userId, eventId, { plannerFilledAt: now });
    const receipt = await queueReceipt(app, tx, speaker, input.email, now);
    return [
      await app.mailer.queue(tx, speakerEmail(app.config.APP_URL, speaker, input, eventId)),
      ...(receipt ? [receipt] : []),
    ];
  });
  await app.mailer.dispatch(outboxIds);
  return true;
}

/**
 * The planner's receipt goes to an address anyone may type, so it carries none of the visitor's text and
 * counts as the speaker's mail to someone else: when the mail rule refuses it (the speaker unverified or
 * over the limits), the inquiry is kept and only the receipt is left out.
 */
async function queueReceipt(
  app: FastifyInstance,
  tx: Queryable,
  speaker: InquirySpeaker,
  to: string,
  now: Date,
): Promise<string | null> {
  try {
    return await app.mailer.queueToThirdParty(tx, { userId: speaker.userId, now }, plannerEmail(speaker, to));
  } catch (error) {
    if (error instanceof MailRefusedError) return null;
    throw error;
  }
}

async function isOverLimit(limiter: RateLimiter, ip: string): Promise<boolean> {
  try {
    await limiter.consume(inquiriesPerIp, ip);
    return false;
  } catch (error) {
    if (error instanceof AppError && error.code === "TOO_MANY_REQUESTS") return true;
    throw error;
  }
}

/** The inquiry's facts, one per line, as the event's description and in the speaker's e-mail. */
function inquiryDetails(input: Inquiry): string[] {
  const lines: [string, string | number | null | undefined][] = [
    ["Organization", input.organization],
    ["Contact", `${input.contactName} <${input.email}>`],
    ["Phone", input.phone],
    ["Event date", input.eventDate],
    ["Location", [input.city, input.state].filter(Boolean).join(", ")],
    ["Audience size", input.audienceSize],
    ["Budget", input.budget],
    ["Topic", input.topic],
  ];
  return [
    ...lines
      .filter(([, value]) => value != null && value !== "")
      .map(([label, value]) => `${label}: ${value}`),
    "",
    input.message,
  ];
}

const oneLine = (text: string) => text.replace(/\s+/g, " ");

function speakerEmail(appUrl: string, speaker: InquirySpeaker, input: Inquiry, eventId: string) {
  return {
    ...renderEmail({
      to: speaker.accountEmail,
      subject: `New inquiry from ${oneLine(input.organization)}`,
      greeting: speaker.name ? `Hi ${speaker.name},` : "Hi,",
      paragraphs: [
        "A planner sent an inquiry through your inquiry form. It is in your events as an Inquiry.",
        ...inquiryDetails(input).filter(Boolean),
      ],
      action: { label: "Open the inquiry", url: `${appUrl}/events/${eventId}` },
      footnote: "Reply to this e-mail to answer the planner.",
    }),
    replyTo: input.email,
  };
}

function plannerEmail(speaker: InquirySpeaker, to: string) {
  return {
    ...renderEmail({
      to,
      subject: `Your inquiry to ${oneLine(speakerDisplayName(speaker))}`,
      greeting: "Hello,",
      paragraphs: [
        `Thank you for your inquiry. ${speakerDisplayName(speaker, { atStart: true })} has received it and will get back to you soon.`,
        "If you did not send an inquiry, someone else typed your address; you can ignore this e-mail.",
      ],
    }),
    ...(speaker.publicEmail ? { replyTo: speaker.publicEmail } : {}),
  };
}
