import type { Answers, AnswerValue, Question } from "./schemas/questionnaires.ts";
import { hasLineBreak, singleLineMessage } from "./single-line.ts";

/**
 * The answer checks of the planner's questionnaire, shared by the server and the public form without zod
 * (the public pages keep it out of their JavaScript).
 */

const MAX_ATTENDEES = 10_000_000;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function isRealIsoDate(value: string): boolean {
  if (!/^[1-9]\d{3}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

export const isBlankAnswer = (value: AnswerValue | undefined) =>
  value === undefined || value === null || (typeof value === "string" && value.trim() === "");

/** Why one answer does not fit its question, or null when it does (blank answers are checked apart). */
export function answerProblem(question: Question, value: AnswerValue): string | null {
  switch (question.type) {
    case "text":
    case "longtext":
      if (typeof value !== "string") return "Enter text";
      if (question.type === "text" && value.length > 500) return "Keep this under 500 characters";
      // A short answer may fill a one-line event field that contracts merge (the contact's name).
      if (question.type === "text" && hasLineBreak(value.trim())) return singleLineMessage("This answer");
      if (question.mapsTo === "contactEmail" && !EMAIL.test(value.trim())) return "Enter an email address";
      return null;
    case "date":
      return typeof value === "string" && isRealIsoDate(value) ? null : "Enter a date as YYYY-MM-DD";
    case "time":
      return typeof value === "string" && TIME.test(value) ? null : "Enter a time as HH:MM";
    case "number": {
      const number = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
      if (typeof number !== "number" || !Number.isFinite(number)) return "Enter a number";
      if (
        question.mapsTo === "attendees" &&
        (!Number.isInteger(number) || number < 0 || number > MAX_ATTENDEES)
      ) {
        return "Enter a whole number of people";
      }
      return null;
    }
    case "choice":
      return typeof value === "string" && (question.options ?? []).includes(value)
        ? null
        : "Choose one of the options";
    case "yesno":
      return typeof value === "boolean" ? null : "Answer yes or no";
  }
}

/**
 * The answers' problems by question id. A draft is only checked for answers of the wrong shape; a final
 * submission also needs every required question answered. Answers to unknown questions are named too.
 */
export function checkAnswers(questions: Question[], answers: Answers, final: boolean) {
  const fields: Record<string, string> = {};
  const known = new Set(questions.map((question) => question.id));
  for (const id of Object.keys(answers)) if (!known.has(id)) fields[id] = "This question is not asked";
  for (const question of questions) {
    const value = answers[question.id];
    if (isBlankAnswer(value)) {
      if (final && question.required) fields[question.id] = "This question needs an answer";
      continue;
    }
    const problem = answerProblem(question, value!);
    if (problem) fields[question.id] = problem;
  }
  return fields;
}
