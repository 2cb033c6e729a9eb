import { and, count, eq, isNull } from "drizzle-orm";
import { addDays, formatLongDate } from "../../../shared/calendar-dates.ts";
import {
  CHALLENGE_DEFAULT_DAYS,
  type ChallengeSent,
  HOLD_ALREADY_ANSWERED,
  HOLD_LINK_UNAVAILABLE,
  type PublicHold,
  type PublicHoldAnswerInput,
} from "../../../shared/schemas/holds.ts";
import { speakerDisplayName } from "../../../shared/speaker-name.ts";
import { createRandomToken, sha256 } from "../../platform/auth/tokens.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { events, holdChallenges, users } from "../../platform/db/schema.ts";
import { AppError } from "../../platform/http/errors.ts";
import { isUuid } from "../../platform/http/ids.ts";
import { REPLY_FOOTNOTE, renderEmail } from "../../platform/mail/render.ts";
import { eventNotFound } from "../events/get-event.ts";
import { plannerAddress, plannerCandidatesOf } from "../events/planner-address.ts";
import { speakerToday } from "../follow-ups/notification-settings.ts";
import { speakerIdentity } from "../profile/speaker-identity.ts";
import { recordActivity } from "./activity.ts";
import { findHoldEvent, type HoldContext } from "./context.ts";
import { notOnHold, releaseHoldIn } from "./manage-holds.ts";
import { tellSpeaker } from "./notices.ts";

export const holdUrl = (appUrl: string, token: string) => `${appUrl}/hold/${token}`;

const badDeadline = (message: string) =>
  new AppError("BAD_REQUEST", message, { fields: { deadline: message } });

/**
 * `POST /api/events/:id/challenge`: "Ask first hold to decide". Only the first hold of a date that has a later
 * hold may be asked, and only with a contact e-mail (409 otherwise). A new request replaces an unanswered
 * one (its link stops working). The mail goes through the third-party mail rule (403/429).
 */
export async function sendChallenge(
  context: HoldContext,
  userId: string,
  id: string,
  deadlineGiven: string | undefined,
  now: Date,
): Promise<ChallengeSent> {
  if (!isUuid(id)) throw eventNotFound();
  const token = createRandomToken();
  const outbox: string[] = [];
  const sent = await context.db.transaction(async (tx) => {
    const event = await findHoldEvent(tx, userId, id, true);
    if (!event) throw eventNotFound();
    if (event.status !== "hold") throw notOnHold();
    const [later] = await tx
      .select({ holds: count() })
      .from(events)
      .where(and(eq(events.userId, userId), eq(events.date, event.date), eq(events.status, "hold")));
    if (event.holdRank !== 1 || later!.holds < 2) {
      throw new AppError(
        "CONFLICT",
        "Only the first hold of a date that has a later hold can be asked to decide.",
      );
    }
    const contact = plannerAddress(plannerCandidatesOf(event));
    const today = await speakerToday(tx, userId, now);
    const deadline = deadlineGiven ?? addDays(today, CHALLENGE_DEFAULT_DAYS);
    if (deadline < today) throw badDeadline("Choose a deadline of today or later");
    if (deadline > event.date) throw badDeadline("Choose a deadline on or before the event's date");
    await tx
      .delete(holdChallenges)
      .where(
        and(eq(holdChallenges.userId, userId), eq(holdChallenges.eventId, id), isNull(holdChallenges.answer)),
      );
    await tx
      .insert(holdChallenges)
      .values({ userId, eventId: id, tokenHash: sha256(token), sentTo: contact.email, deadline });
    const speaker = await speakerIdentity(tx, userId);
    const name = speakerDisplayName(speaker.names);
    const day = formatLongDate(event.date);
    outbox.push(
      await context.mailer.queueToThirdParty(
        tx,
        { userId, now },
        {
          ...renderEmail({
            to: contact.email,
            subject: `${speakerDisplayName(speaker.names, { atStart: true })}: are you still holding ${day}?`,
            greeting: `Hi ${contact.name ?? "there"},`,
            paragraphs: [
              `You hold ${day} with ${name} for ${event.title}, and another organizer would like the date. Could you let ${name} know by ${formatLongDate(deadline)} whether you still want it?`,
              "One click either way; no account is needed.",
            ],
            action: { label: "Confirm or release the date", url: holdUrl(context.appUrl, token) },
            footnote: REPLY_FOOTNOTE,
          }),
          replyTo: speaker.email,
        },
      ),
    );
    await recordActivity(tx, {
      userId,
      eventId: id,
      type: "hold_challenge_sent",
      actor: "speaker",
      detail: `Asked ${contact.email} to confirm or release the date by ${deadline}.`,
      at: now,
    });
    return { sentTo: contact.email, deadline };
  });
  await context.mailer.dispatch(outbox);
  return sent;
}

const unavailable = () => new AppError("NOT_FOUND", HOLD_LINK_UNAVAILABLE);

/**
 * The challenge of a link, or the same 404 for an unknown token, a link past its deadline (in the speaker's
 * calendar), a replaced one, or a disabled account's.
 */
async function openChallenge(db: Queryable, token: string, now: Date, lock = false) {
  if (token.length < 20 || token.length > 100) throw unavailable();
  const query = db
    .select({
      id: holdChallenges.id,
      userId: holdChallenges.userId,
      eventId: holdChallenges.eventId,
      deadline: holdChallenges.deadline,
      answer: holdChallenges.answer,
    })
    .from(holdChallenges)
    .innerJoin(users, eq(users.id, holdChallenges.userId))
    .where(and(eq(holdChallenges.tokenHash, sha256(token)), isNull(users.disabledAt)));
  const [challenge] = lock ? await query.for("update", { of: holdChallenges }) : await query;
  if (!challenge || challenge.deadline < (await speakerToday(db, challenge.userId, now))) throw unavailable();
  return challenge;
}

/** `GET /api/public/holds/:token`. */
export async function viewChallenge(db: Queryable, token: string, now: Date): Promise<PublicHold> {
  const challenge = await openChallenge(db, token, now);
  const [event, speaker] = await Promise.all([
    findHoldEvent(db, challenge.userId, challenge.eventId),
    speakerIdentity(db, challenge.userId),
  ]);
  return {
    speaker: speaker.names,
    event: { title: event!.title, date: event!.date, city: event!.city, state: event!.state },
    deadline: challenge.deadline,
    answered: challenge.answer,
  };
}

/**
 * `POST /api/public/holds/:token`: the planner confirms interest (the speaker then books it) or releases the
 * date (the later holds move up). Recorded in the event's activity; the speaker is told at once on the
 * dashboard and by e-mail. A second answer is a 409.
 */
export async function answerChallenge(
  context: HoldContext,
  token: string,
  input: PublicHoldAnswerInput,
  now: Date,
) {
  const outbox: string[] = [];
  await context.db.transaction(async (tx) => {
    const challenge = await openChallenge(tx, token, now, true);
    if (challenge.answer) throw new AppError("CONFLICT", HOLD_ALREADY_ANSWERED);
    const { userId, eventId } = challenge;
    const event = (await findHoldEvent(tx, userId, eventId))!;
    const who = event.contactName ?? event.clientName ?? "The planner";
    const said = input.message ? ` Their message: "${input.message}"` : "";
    const isRelease = input.answer === "release";
    const detail = isRelease
      ? `${who} released the date.${said}`
      : `${who} confirmed they still want the date.${said}`;
    await tx
      .update(holdChallenges)
      .set({ answer: input.answer, message: input.message ?? null, answeredAt: now })
      .where(eq(holdChallenges.id, challenge.id));
    const type = isRelease ? "hold_challenge_released" : "hold_challenge_confirmed";
    if (isRelease && event.status === "hold") {
      await releaseHoldIn(context, tx, { userId, eventId, type, actor: "planner", detail, now, outbox });
    } else {
      await recordActivity(tx, { userId, eventId, type, actor: "planner", detail, at: now });
    }
    outbox.push(
      await tellSpeaker(context, tx, {
        userId,
        eventId,
        now,
        task: isRelease
          ? `${who} released ${formatLongDate(event.date)}`
          : `${who} still wants ${formatLongDate(event.date)}: book it`,
        subject: `${event.title}: ${isRelease ? "the date was released" : "the planner still wants the date"}`,
        paragraph: detail,
      }),
    );
  });
  await context.mailer.dispatch(outbox);
  return { answered: input.answer };
}
