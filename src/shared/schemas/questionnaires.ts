import { z } from "zod";
import { speakerNamesSchema } from "./profile.ts";

export { answerProblem, checkAnswers, isBlankAnswer } from "../questionnaire-answers.ts";

/** The kinds of question a questionnaire asks (DESIGN §11). */
export const QUESTION_TYPES = ["text", "longtext", "date", "time", "number", "choice", "yesno"] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** The event fields an answer may fill; each takes the question types it can hold. */
export const QUESTION_TARGETS = {
  attendees: ["number"],
  time: ["time", "text"],
  arrivalTime: ["time"],
  contactName: ["text"],
  contactEmail: ["text"],
  contactPhone: ["text"],
  notes: ["text", "longtext", "choice", "yesno"],
  description: ["text", "longtext"],
} as const satisfies Record<string, readonly QuestionType[]>;
export type QuestionTarget = keyof typeof QUESTION_TARGETS;
export const QUESTION_TARGET_NAMES = Object.keys(QUESTION_TARGETS) as QuestionTarget[];

/** How the web app names each type and target. */
export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  text: "Short text",
  longtext: "Long text",
  date: "Date",
  time: "Time",
  number: "Number",
  choice: "Choice",
  yesno: "Yes / no",
};
export const QUESTION_TARGET_LABELS: Record<QuestionTarget, string> = {
  attendees: "Attendees",
  time: "Talk time",
  arrivalTime: "Arrival time",
  contactName: "Contact name",
  contactEmail: "Contact email",
  contactPhone: "Contact phone",
  notes: "Notes",
  description: "Description",
};

export const MAX_QUESTIONS = 40;
export const MAX_OPTIONS = 20;
const MAX_ANSWER_LENGTH = 5000;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const questionSchema = z.object({
  id: z
    .string({ error: "Each question needs an id" })
    .trim()
    .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, "A question id is 1–40 lower-case letters, digits or dashes"),
  label: z
    .string({ error: "Each question needs a label" })
    .trim()
    .min(1, "Each question needs a label")
    .max(300, "A question's label must be at most 300 characters"),
  type: z.enum(QUESTION_TYPES, { error: `A question's type is one of ${QUESTION_TYPES.join(", ")}` }),
  options: z
    .array(
      z.string().trim().min(1, "An option cannot be blank").max(200, "An option is at most 200 characters"),
    )
    .max(MAX_OPTIONS, `A question has at most ${MAX_OPTIONS} options`)
    .optional(),
  required: z.boolean({ error: "required must be true or false" }).default(false),
  mapsTo: z
    .enum(QUESTION_TARGET_NAMES as [QuestionTarget, ...QuestionTarget[]], {
      error: `mapsTo is one of ${QUESTION_TARGET_NAMES.join(", ")}`,
    })
    .nullable()
    .optional(),
});
export type Question = z.output<typeof questionSchema>;
export type QuestionInput = z.input<typeof questionSchema>;

/** `PUT /api/questionnaire`: a question set that can be answered and mapped without surprises. */
export const questionnaireSchema = z
  .object({
    questions: z
      .array(questionSchema)
      .min(1, "Ask at least one question")
      .max(MAX_QUESTIONS, `Ask at most ${MAX_QUESTIONS} questions`),
  })
  .superRefine(({ questions }, ctx) => {
    const ids = new Set<string>();
    const targets = new Set<string>();
    questions.forEach((question, index) => {
      const issue = (message: string, field: string) =>
        ctx.addIssue({ code: "custom", path: ["questions", index, field], message });
      if (ids.has(question.id)) issue("Two questions cannot share an id", "id");
      ids.add(question.id);
      const options = question.options ?? [];
      if (question.type === "choice" && options.length < 2)
        issue("A choice needs at least two options", "options");
      if (question.type !== "choice" && options.length > 0) issue("Only a choice has options", "options");
      if (new Set(options).size !== options.length) issue("Two options cannot be the same", "options");
      if (!question.mapsTo) return;
      if (targets.has(question.mapsTo)) issue("Two questions cannot fill the same event field", "mapsTo");
      targets.add(question.mapsTo);
      const allowed: readonly QuestionType[] = QUESTION_TARGETS[question.mapsTo];
      if (!allowed.includes(question.type)) {
        issue(
          `${QUESTION_TARGET_LABELS[question.mapsTo]} takes a ${allowed.map((type) => QUESTION_TYPE_LABELS[type].toLowerCase()).join(" or ")} question`,
          "mapsTo",
        );
      }
    });
  });
export type Questionnaire = z.output<typeof questionnaireSchema>;
export type QuestionnaireInput = z.input<typeof questionnaireSchema>;

/** An answer as stored and sent: text for most types, a number, yes/no as a boolean; null = not answered. */
export const answerValueSchema = z.union([
  z.string().max(MAX_ANSWER_LENGTH, `An answer is at most ${MAX_ANSWER_LENGTH} characters`),
  z.number(),
  z.boolean(),
  z.null(),
]);
export type AnswerValue = z.infer<typeof answerValueSchema>;
export const answersSchema = z.record(z.string().max(40), answerValueSchema);
export type Answers = z.infer<typeof answersSchema>;

/** `POST /api/public/questionnaires/:token`: final = submit (checked), otherwise a draft kept as it is. */
export const submitAnswersSchema = z.object({
  answers: answersSchema.refine(
    (answers) => Object.keys(answers).length <= MAX_QUESTIONS,
    "Too many answers",
  ),
  final: z.boolean({ error: "final must be true or false" }),
  /** A honeypot a person never sees, like the inquiry form's: filled, nothing is kept. */
  website: z.string().max(500).optional(),
});
export type SubmitAnswersInput = z.input<typeof submitAnswersSchema>;

export const questionnaireStatusSchema = z.enum(["not_sent", "sent", "answered"]);
export type QuestionnaireStatus = z.infer<typeof questionnaireStatusSchema>;

export const proposalSchema = z.object({
  field: z.enum(QUESTION_TARGET_NAMES as [QuestionTarget, ...QuestionTarget[]]),
  value: z.union([z.string(), z.number()]),
  current: z.union([z.string(), z.number()]).nullable(),
});
export type Proposal = z.infer<typeof proposalSchema>;

/** `GET /api/events/:id/questionnaire`. */
export const eventQuestionnaireSchema = z.object({
  status: questionnaireStatusSchema,
  sentTo: z.string().nullable(),
  sentAt: z.string().nullable(),
  answeredAt: z.string().nullable(),
  answers: z.array(z.object({ questionId: z.string(), label: z.string(), value: answerValueSchema })),
  proposals: z.array(proposalSchema),
});
export type EventQuestionnaire = z.infer<typeof eventQuestionnaireSchema>;

/** `POST /api/events/:id/questionnaire/send`. */
export const sendQuestionnaireSchema = z.object({
  to: z
    .string({ error: "Enter an email address" })
    .trim()
    .max(255, "Email address is too long")
    .refine((value) => EMAIL.test(value), "Invalid email address")
    .optional(),
  message: z.string().trim().max(2000, "The message must be at most 2000 characters").optional(),
});
export type SendQuestionnaireInput = z.input<typeof sendQuestionnaireSchema>;
export const questionnaireSentSchema = z.object({ url: z.string() });

/**
 * `POST /api/events/:id/questionnaire/accept` and `/ignore`. `seen` holds the planner's values as the speaker
 * saw them: the planner may change an answer meanwhile, and the speaker must not accept one never shown.
 */
export const proposalFieldsSchema = z.object({
  fields: z
    .array(z.enum(QUESTION_TARGET_NAMES as [QuestionTarget, ...QuestionTarget[]]))
    .min(1, "Choose at least one field"),
  seen: z
    .partialRecord(
      z.enum(QUESTION_TARGET_NAMES as [QuestionTarget, ...QuestionTarget[]]),
      z.union([z.string(), z.number()]),
    )
    .optional(),
});
export type ProposalDecision = z.infer<typeof proposalFieldsSchema>;
export const PROPOSAL_CHANGED = "The planner changed this answer since you looked. Here is the new one.";

/** What the planner's form shows: on `/q/<token>` with the speaker and event, inside the booking page alone. */
export const questionnaireFormSchema = z.object({
  questions: z.array(questionSchema),
  answers: answersSchema,
  status: z.enum(["sent", "answered"]),
  /** Whether answers, once sent, may still be changed: the talk's day has not passed in the speaker's calendar. */
  canChange: z.boolean(),
});
export type QuestionnaireForm = z.infer<typeof questionnaireFormSchema>;

export const publicQuestionnaireSchema = questionnaireFormSchema.extend({
  speaker: speakerNamesSchema,
  event: z.object({
    title: z.string(),
    date: z.string(),
    city: z.string().nullable(),
    state: z.string().nullable(),
  }),
});
export type PublicQuestionnaire = z.infer<typeof publicQuestionnaireSchema>;
export const answersSavedSchema = z.object({ status: z.enum(["sent", "answered"]) });

export const QUESTIONNAIRE_UNAVAILABLE = "This questionnaire link is not available";
export const ANSWERS_INVALID = "Some answers need another look";

/** The questionnaire every speaker starts with (DESIGN §11). */
export const DEFAULT_QUESTIONS: Question[] = [
  {
    id: "audience-size",
    label: "How many people do you expect?",
    type: "number",
    required: true,
    mapsTo: "attendees",
  },
  {
    id: "audience",
    label: "Who is in the audience (roles, industries, experience)?",
    type: "longtext",
    required: false,
  },
  { id: "theme", label: "What is the event's theme?", type: "text", required: false },
  {
    id: "av",
    label: "What AV is there (screen, projector, clicker)?",
    type: "longtext",
    required: false,
  },
  {
    id: "microphone",
    label: "Which microphone will the speaker use?",
    type: "choice",
    options: ["Lavalier", "Headset", "Handheld", "Lectern", "None"],
    required: false,
  },
  { id: "introducer", label: "Who will introduce the speaker?", type: "text", required: false },
  { id: "introduction", label: "The introduction they will read", type: "longtext", required: false },
  {
    id: "arrival-time",
    label: "When should the speaker arrive?",
    type: "time",
    required: true,
    mapsTo: "arrivalTime",
  },
  { id: "talk-time", label: "When does the talk start?", type: "time", required: true, mapsTo: "time" },
  {
    id: "contact-name",
    label: "On-site contact's name",
    type: "text",
    required: true,
    mapsTo: "contactName",
  },
  {
    id: "contact-email",
    label: "On-site contact's email",
    type: "text",
    required: false,
    mapsTo: "contactEmail",
  },
  {
    id: "contact-phone",
    label: "On-site contact's phone",
    type: "text",
    required: true,
    mapsTo: "contactPhone",
  },
  { id: "parking", label: "Where can the speaker park?", type: "longtext", required: false },
  { id: "dress-code", label: "Is there a dress code?", type: "text", required: false },
  { id: "recording", label: "May the talk be recorded?", type: "yesno", required: false },
];
