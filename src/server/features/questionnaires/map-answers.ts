import {
  type Answers,
  type AnswerValue,
  isBlankAnswer,
  type Proposal,
  type Question,
  type QuestionTarget,
} from "../../../shared/schemas/questionnaires.ts";
import type { EventValues } from "../events/queries.ts";
import type { QuestionnaireEventRow } from "./context.ts";

type FieldValue = string | number;

/** An answer as the event field it fills holds it: a whole number for attendees, text otherwise. */
export function toFieldValue(question: Question, value: AnswerValue): FieldValue | null {
  if (isBlankAnswer(value)) return null;
  if (question.mapsTo === "attendees") return Math.round(Number(value));
  if (typeof value === "boolean") return value ? "Yes" : "No";
  return String(value).trim();
}

const sameValue = (a: FieldValue, b: FieldValue) =>
  typeof a === "string" && typeof b === "string"
    ? a.trim().toLowerCase() === b.trim().toLowerCase()
    : a === b;

/**
 * What submitted answers do to the event: a mapped answer fills an empty field; where the field holds
 * another value it becomes a proposal ("Planner says … (was …)") for the speaker to accept or ignore.
 */
export function mapAnswers(questions: Question[], answers: Answers, event: QuestionnaireEventRow) {
  const fills: EventValues = {};
  const proposals: Proposal[] = [];
  for (const question of questions) {
    if (!question.mapsTo) continue;
    const value = toFieldValue(question, answers[question.id] ?? null);
    if (value === null) continue;
    const field: QuestionTarget = question.mapsTo;
    const current = event[field] as FieldValue | null;
    if (current === null || (typeof current === "string" && current.trim() === "")) {
      Object.assign(fills, { [field]: value });
    } else if (!sameValue(current, value)) {
      proposals.push({ field, value, current });
    }
  }
  return { fills, proposals };
}
