import { type FormEvent, useEffect, useRef, useState } from "react";
import { checkAnswers } from "../../../../shared/questionnaire-answers.ts";
import type {
  Answers,
  AnswerValue,
  QuestionnaireForm as Form,
  Question,
} from "../../../../shared/schemas/questionnaires.ts";
import { ApiError, api, describeError } from "../../../lib/api.ts";
import { PublicFormActions } from "../../../public-pages/public-link.tsx";

const inputClasses =
  "w-full rounded-md border border-input bg-card px-3 py-2 text-base focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring";
/** The form keeps what was typed as text; numbers are sent as numbers, yes/no as booleans. */
function toAnswer(question: Question, typed: string | boolean | undefined): AnswerValue {
  if (typed === undefined || typed === "") return null;
  if (question.type === "number" && typeof typed === "string") {
    const number = Number(typed);
    return Number.isFinite(number) ? number : typed;
  }
  return typed;
}

function toAnswers(questions: Question[], typed: Record<string, string | boolean>): Answers {
  return Object.fromEntries(
    questions.flatMap((question) => {
      const value = toAnswer(question, typed[question.id]);
      return value === null ? [] : [[question.id, value]];
    }),
  );
}

function QuestionField(props: {
  question: Question;
  value: string | boolean | undefined;
  error: string | undefined;
  onChange: (value: string | boolean) => void;
}) {
  const { question, value, error, onChange } = props;
  const id = `question-${question.id}`;
  const described = error ? `${id}-error` : undefined;
  const common = { id, "aria-invalid": error ? true : undefined, "aria-describedby": described };
  const text = typeof value === "string" ? value : "";
  const label = (
    <>
      {question.label}
      {question.required ? (
        <span className="text-destructive"> *</span>
      ) : (
        <span className="text-muted-foreground"> (optional)</span>
      )}
    </>
  );
  let control: React.ReactNode;
  if (question.type === "yesno" || question.type === "choice") {
    const choices =
      question.type === "yesno"
        ? [
            { label: "Yes", value: true },
            { label: "No", value: false },
          ]
        : (question.options ?? []).map((option) => ({ label: option, value: option }));
    return (
      <fieldset className="grid gap-2" aria-describedby={described}>
        <legend className="mb-1 text-sm font-medium">{label}</legend>
        <div className="flex flex-wrap gap-2">
          {choices.map((choice) => (
            <label
              key={String(choice.value)}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-input bg-card px-3 text-base has-[:checked]:border-primary has-[:checked]:bg-primary/10"
            >
              <input
                type="radio"
                name={id}
                checked={value === choice.value}
                onChange={() => onChange(choice.value)}
              />
              {choice.label}
            </label>
          ))}
        </div>
        {error && (
          <p id={described} className="text-sm text-destructive">
            {error}
          </p>
        )}
      </fieldset>
    );
  }
  if (question.type === "longtext") {
    control = (
      <textarea
        {...common}
        rows={4}
        maxLength={5000}
        value={text}
        onChange={(e) => onChange(e.target.value)}
        className={inputClasses}
      />
    );
  } else {
    const type = { text: "text", date: "date", time: "time", number: "number" }[question.type];
    const isEmail = question.mapsTo === "contactEmail";
    const isPhone = question.mapsTo === "contactPhone";
    control = (
      <input
        {...common}
        type={isEmail ? "email" : isPhone ? "tel" : type}
        inputMode={question.type === "number" ? "numeric" : undefined}
        maxLength={question.type === "text" ? 500 : undefined}
        value={text}
        onChange={(e) => onChange(e.target.value)}
        className={`${inputClasses} h-11`}
      />
    );
  }
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {control}
      {error && (
        <p id={described} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The planner's questionnaire, fields by type: "Save and finish later" keeps a draft (nothing required yet),
 * "Send answers" checks every answer here and on the server (400 `fields`). Posts to `postPath`, the `/q/`
 * link's or the booking page's. Answers already sent come back filled in to be changed: then there is no
 * draft, only "Send changes" or `onCancel`.
 */
export function QuestionnaireForm(props: {
  form: Form;
  postPath: string;
  onSubmitted: (answers: Answers) => void;
  onCancel: () => void;
}) {
  const { form, postPath, onSubmitted, onCancel } = props;
  const isChange = form.status === "answered";
  // "Change my answers" is gone once pressed: the keyboard goes on at the first answer (a field or a choice's
  // first option), not the page's top.
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (isChange) formRef.current?.querySelector<HTMLElement>("input, textarea, select")?.focus();
  }, [isChange]);
  const [typed, setTyped] = useState<Record<string, string | boolean>>(() =>
    Object.fromEntries(
      Object.entries(form.answers).flatMap(([id, value]) =>
        value === null ? [] : [[id, typeof value === "number" ? String(value) : value]],
      ),
    ),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState<"draft" | "final" | null>(null);
  const [notice, setNotice] = useState<{ kind: "saved" | "error"; text: string } | null>(null);

  const save = (final: boolean) => (submitted?: FormEvent) => {
    submitted?.preventDefault();
    const answers = toAnswers(form.questions, typed);
    const problems = checkAnswers(form.questions, answers, final);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      setNotice({ kind: "error", text: "Some answers need another look." });
      document.getElementById(`question-${Object.keys(problems)[0]}`)?.focus();
      return;
    }
    setPending(final ? "final" : "draft");
    setNotice(null);
    api
      .post(postPath, { answers, final })
      .then(() => {
        if (final) onSubmitted(answers);
        else
          setNotice({
            kind: "saved",
            text: "Saved. You can close this page and come back to it with the same link.",
          });
      })
      .catch((failure: unknown) => {
        if (failure instanceof ApiError) setErrors(failure.fields);
        setNotice({
          kind: "error",
          text: describeError(failure, "Your answers could not be saved. Please try again."),
        });
      })
      .finally(() => setPending(null));
  };

  return (
    <form ref={formRef} noValidate onSubmit={save(true)} className="grid gap-5">
      {isChange && (
        <p className="text-sm text-muted-foreground">
          Change what you need, then send the changes: the speaker is told what changed.
        </p>
      )}
      {form.questions.map((question) => (
        <QuestionField
          key={question.id}
          question={question}
          value={typed[question.id]}
          error={errors[question.id]}
          onChange={(value) => {
            setTyped((current) => ({ ...current, [question.id]: value }));
            setErrors(({ [question.id]: _fixed, ...others }) => others);
          }}
        />
      ))}
      {notice && (
        <p
          role={notice.kind === "error" ? "alert" : "status"}
          className={`rounded-md p-3 text-sm ${notice.kind === "error" ? "bg-destructive-soft text-destructive" : "bg-success-soft text-success"}`}
        >
          {notice.text}
        </p>
      )}
      <PublicFormActions
        submit={{
          label: isChange ? "Send changes" : "Send answers",
          busyLabel: "Sending…",
          isBusy: pending === "final",
        }}
        other={
          isChange
            ? { label: "Keep my answers", busyLabel: "", isBusy: false }
            : { label: "Save and finish later", busyLabel: "Saving…", isBusy: pending === "draft" }
        }
        onOther={isChange ? onCancel : save(false)}
      />
    </form>
  );
}
