import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import {
  QUESTION_TARGET_LABELS,
  QUESTION_TARGET_NAMES,
  QUESTION_TARGETS,
  QUESTION_TYPE_LABELS,
  QUESTION_TYPES,
  type Question,
  type QuestionTarget,
  type QuestionType,
  questionnaireSchema,
} from "../../../../shared/schemas/questionnaires.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Select } from "../../../components/ui/select.tsx";
import { ApiError, describeError } from "../../../lib/api.ts";
import { toast } from "../../../lib/toast.ts";
import { useQuestionnaire, useSaveQuestionnaire } from "../api/questionnaires.ts";

/** A question as the editor holds it: options as one line each. */
type Draft = Question & { optionsText: string };

const toDraft = (question: Question): Draft => ({
  ...question,
  optionsText: (question.options ?? []).join("\n"),
});
const fromDraft = ({ optionsText, ...question }: Draft): Question => ({
  ...question,
  options:
    question.type === "choice"
      ? optionsText
          .split("\n")
          .map((option) => option.trim())
          .filter(Boolean)
      : undefined,
  mapsTo: question.mapsTo || undefined,
});

/** A fresh id: the editor's list keys and the answers' keys. */
const newQuestion = (): Draft => ({
  id: `question-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`,
  label: "",
  type: "text",
  required: false,
  optionsText: "",
});

/** Errors by question index and field, from the shared schema (here) or the server's 400 `fields`. */
function errorsOf(fields: Record<string, string>) {
  const byQuestion: Record<number, Record<string, string>> = {};
  let general: string | undefined;
  for (const [path, message] of Object.entries(fields)) {
    const match = path.match(/^questions\.(\d+)\.(\w+)/);
    if (match) byQuestion[Number(match[1])] = { ...byQuestion[Number(match[1])], [match[2]!]: message };
    else general = message;
  }
  return { byQuestion, general };
}

function QuestionEditor(props: {
  index: number;
  count: number;
  question: Draft;
  errors: Record<string, string> | undefined;
  onChange: (question: Draft) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { index, count, question, errors = {}, onChange, onMove, onRemove } = props;
  const targets = QUESTION_TARGET_NAMES.filter((target) =>
    (QUESTION_TARGETS[target] as readonly QuestionType[]).includes(question.type),
  );
  return (
    <li className="grid gap-3 rounded-md border border-border p-3">
      <div className="flex items-start justify-between gap-2">
        <span className="pt-2 text-sm font-medium text-muted-foreground">Question {index + 1}</span>
        <div className="flex gap-1">
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Move question ${index + 1} up`}
            disabled={index === 0}
            onClick={() => onMove(-1)}
          >
            <ArrowUp aria-hidden />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Move question ${index + 1} down`}
            disabled={index === count - 1}
            onClick={() => onMove(1)}
          >
            <ArrowDown aria-hidden />
          </Button>
          <Button variant="ghost" size="icon" aria-label={`Remove question ${index + 1}`} onClick={onRemove}>
            <Trash2 aria-hidden />
          </Button>
        </div>
      </div>
      <FormField label="Question" error={errors.label}>
        <Input value={question.label} onChange={(e) => onChange({ ...question, label: e.target.value })} />
      </FormField>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="Type" error={errors.type}>
          <Select
            value={question.type}
            onChange={(e) => {
              const type = e.target.value as QuestionType;
              const mapsTo =
                question.mapsTo &&
                (QUESTION_TARGETS[question.mapsTo] as readonly QuestionType[]).includes(type)
                  ? question.mapsTo
                  : undefined;
              onChange({ ...question, type, mapsTo });
            }}
          >
            {QUESTION_TYPES.map((type) => (
              <option key={type} value={type}>
                {QUESTION_TYPE_LABELS[type]}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="Fills the event's" error={errors.mapsTo}>
          <Select
            value={question.mapsTo ?? ""}
            onChange={(e) =>
              onChange({ ...question, mapsTo: (e.target.value || undefined) as QuestionTarget | undefined })
            }
          >
            <option value="">Nothing (kept as an answer)</option>
            {targets.map((target) => (
              <option key={target} value={target}>
                {QUESTION_TARGET_LABELS[target]}
              </option>
            ))}
          </Select>
        </FormField>
      </div>
      {question.type === "choice" && (
        <FormField label="Options, one a line" error={errors.options}>
          <textarea
            rows={3}
            value={question.optionsText}
            onChange={(e) => onChange({ ...question, optionsText: e.target.value })}
            className="rounded-md border border-input bg-background px-3 py-2 text-sm"
          />
        </FormField>
      )}
      <label className="flex min-h-10 items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={question.required}
          onChange={(e) => onChange({ ...question, required: e.target.checked })}
          className="size-4"
        />
        Required
      </label>
    </li>
  );
}

/** Settings → Follow-ups: the questions every event's questionnaire asks (issue 33). */
export function QuestionnaireEditor() {
  const questionnaire = useQuestionnaire();
  const save = useSaveQuestionnaire();
  const [drafts, setDrafts] = useState<Draft[] | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  useEffect(() => {
    if (questionnaire.data && drafts === null) setDrafts(questionnaire.data.questions.map(toDraft));
  }, [questionnaire.data, drafts]);

  const update = (next: Draft[]) => {
    setDrafts(next);
    setFields({});
  };
  const submit = (submitted: React.FormEvent) => {
    submitted.preventDefault();
    const input = { questions: (drafts ?? []).map(fromDraft) };
    const checked = questionnaireSchema.safeParse(input);
    if (!checked.success) {
      setFields(
        Object.fromEntries(checked.error.issues.map((issue) => [issue.path.join("."), issue.message])),
      );
      return;
    }
    save.mutate(input, {
      onSuccess: (saved) => {
        setDrafts(saved.questions.map(toDraft));
        toast({ title: "Questionnaire saved" });
      },
      onError: (error) => setFields(error instanceof ApiError ? error.fields : {}),
    });
  };
  const { byQuestion, general } = errorsOf(fields);

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Questionnaire</CardTitle>
        <CardDescription>
          What you ask the planner before a talk, sent with the booking page or on its own. An answer that
          fills an event field fills it when empty; otherwise you choose on the event's page.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {questionnaire.isError && (
          <p role="alert" className="text-sm text-destructive">
            {describeError(questionnaire.error, "The questionnaire could not be loaded.")}
          </p>
        )}
        {drafts && (
          <form onSubmit={submit} noValidate className="grid gap-4">
            <ol className="grid gap-3">
              {drafts.map((question, index) => (
                <QuestionEditor
                  key={question.id}
                  index={index}
                  count={drafts.length}
                  question={question}
                  errors={byQuestion[index]}
                  onChange={(changed) => update(drafts.map((other, at) => (at === index ? changed : other)))}
                  onMove={(by) => {
                    const next = [...drafts];
                    [next[index], next[index + by]] = [next[index + by]!, next[index]!];
                    update(next);
                  }}
                  onRemove={() => update(drafts.filter((_, at) => at !== index))}
                />
              ))}
            </ol>
            {(general || save.isError) && (
              <p role="alert" className="rounded-md bg-destructive-soft p-3 text-sm text-destructive">
                {general ?? describeError(save.error, "Could not save. Please try again.")}
              </p>
            )}
            <div className="flex flex-col gap-2 sm:flex-row sm:justify-between">
              <Button variant="outline" onClick={() => update([...drafts, newQuestion()])}>
                <Plus aria-hidden /> Add a question
              </Button>
              <Button type="submit" isLoading={save.isPending}>
                Save questionnaire
              </Button>
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
