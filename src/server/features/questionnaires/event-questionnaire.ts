import { and, eq, isNull } from "drizzle-orm";
import type { Event } from "../../../shared/schemas/events.ts";
import {
  type EventQuestionnaire,
  PROPOSAL_CHANGED,
  type Proposal,
  type ProposalDecision,
} from "../../../shared/schemas/questionnaires.ts";
import type { Database, Queryable } from "../../platform/db/client.ts";
import { bookings, eventQuestionnaires } from "../../platform/db/schema.ts";
import { AppError } from "../../platform/http/errors.ts";
import { isUuid } from "../../platform/http/ids.ts";
import type { JsonText } from "../../platform/http/send-json.ts";
import { changeEventIn } from "../events/event-changes.ts";
import { eventNotFound, getEvent } from "../events/get-event.ts";
import { findEventQuestionnaire, findQuestionnaireEvent } from "./context.ts";

/** Whether the event has a live booking link, which carries the questionnaire too. */
async function hasLiveBooking(db: Queryable, userId: string, eventId: string) {
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.userId, userId), eq(bookings.eventId, eventId), isNull(bookings.revokedAt)));
  return row !== undefined;
}

/**
 * `GET /api/events/:id/questionnaire`: sent once it went alone or with a live booking, answered once the
 * planner submitted; the answers (a draft's too) by question, and the proposals still to decide.
 */
export async function getEventQuestionnaire(
  db: Queryable,
  userId: string,
  eventId: string,
): Promise<EventQuestionnaire> {
  if (!isUuid(eventId) || !(await findQuestionnaireEvent(db, userId, eventId))) throw eventNotFound();
  const row = await findEventQuestionnaire(db, userId, eventId);
  const isSent = Boolean(row?.sentAt) || (await hasLiveBooking(db, userId, eventId));
  return {
    status: row?.answeredAt ? "answered" : isSent ? "sent" : "not_sent",
    sentTo: row?.sentTo ?? null,
    sentAt: row?.sentAt?.toISOString() ?? null,
    answeredAt: row?.answeredAt?.toISOString() ?? null,
    answers: (row?.questions ?? []).flatMap((question) => {
      const value = row!.answers[question.id];
      return value === undefined ? [] : [{ questionId: question.id, label: question.label, value }];
    }),
    proposals: row?.proposals ?? [],
  };
}

/**
 * `POST /api/events/:id/questionnaire/accept` (`apply`) and `/ignore`: the named proposals are applied to the
 * event, or dropped, in one transaction; a field with no proposal is a 400. Answers the event.
 */
export async function decideProposals(
  db: Database,
  userId: string,
  eventId: string,
  { fields, seen }: ProposalDecision,
  apply: boolean,
  now: Date,
): Promise<JsonText<Event>> {
  if (!isUuid(eventId)) throw eventNotFound();
  return db.transaction(async (tx) => {
    const event = await findQuestionnaireEvent(tx, userId, eventId, true);
    if (!event) throw eventNotFound();
    const row = await findEventQuestionnaire(tx, userId, eventId, true);
    const proposals = row?.proposals ?? [];
    const missing = fields.filter((field) => !proposals.some((proposal) => proposal.field === field));
    if (missing.length > 0) {
      const message = `The planner proposed nothing for ${missing.join(", ")}`;
      throw new AppError("BAD_REQUEST", message, { fields: { fields: message } });
    }
    const chosen = proposals.filter((proposal) => fields.includes(proposal.field));
    const changedSince = chosen.some(
      (proposal) => seen?.[proposal.field] !== undefined && seen[proposal.field] !== proposal.value,
    );
    if (changedSince) throw new AppError("CONFLICT", PROPOSAL_CHANGED);
    if (apply) await changeEventIn(tx, userId, eventId, toEventValues(chosen), { actor: "speaker", at: now });
    await tx
      .update(eventQuestionnaires)
      .set({ proposals: proposals.filter((proposal) => !fields.includes(proposal.field)) })
      .where(and(eq(eventQuestionnaires.userId, userId), eq(eventQuestionnaires.id, row!.id)));
    return getEvent(tx, userId, eventId);
  });
}

const toEventValues = (proposals: Proposal[]) =>
  Object.fromEntries(proposals.map((proposal) => [proposal.field, proposal.value]));
