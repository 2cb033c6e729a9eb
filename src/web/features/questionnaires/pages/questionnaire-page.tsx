import { useEffect, useState } from "react";
import { formatLongDate } from "../../../../shared/calendar-dates.ts";
import {
  errorOfAnswer,
  type PublicPageAnswer,
  type PublicPageProps,
} from "../../../../shared/public-page.ts";
import type { PublicQuestionnaire } from "../../../../shared/schemas/questionnaires.ts";
import { api, describeError } from "../../../lib/api.ts";
import { QuestionnaireForm } from "../components/questionnaire-form.tsx";

type State =
  | { kind: "loading" }
  | { kind: "unavailable"; message: string }
  | { kind: "ready"; questionnaire: PublicQuestionnaire };

const UNAVAILABLE = "This link could not be loaded. Please try again.";
export const THANK_YOU = "Thank you! Your answers are with the speaker.";

const tokenOfPath = (path: string) => decodeURIComponent(path.split("/").filter(Boolean)[1] ?? "");

function stateOfAnswer(answer: PublicPageAnswer | undefined): State {
  if (!answer) return { kind: "loading" };
  if (answer.status === 200) return { kind: "ready", questionnaire: answer.body as PublicQuestionnaire };
  return { kind: "unavailable", message: errorOfAnswer(answer) ?? UNAVAILABLE };
}

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <main className="mx-auto grid min-h-dvh max-w-xl content-start gap-5 bg-background px-4 py-6 text-foreground sm:py-10">
      <p className="text-lg font-bold text-primary">Podium</p>
      {children}
    </main>
  );
}

/**
 * `/q/<token>` (issue 33, public, phone first): the speaker's questions about the planner's event, saved as a
 * draft or sent. The server renders it with the questionnaire (decision 042); unknown, replaced or expired
 * links answer 404 like every public page.
 */
export default function QuestionnairePage({ path, answer }: PublicPageProps) {
  const [state, setState] = useState<State>(() => stateOfAnswer(answer));
  const token = tokenOfPath(path);
  useEffect(() => {
    if (answer) return;
    api
      .get<PublicQuestionnaire>(`/api/public/questionnaires/${encodeURIComponent(token)}`)
      .then((questionnaire) => setState({ kind: "ready", questionnaire }))
      .catch((error: unknown) =>
        setState({ kind: "unavailable", message: describeError(error, UNAVAILABLE) }),
      );
  }, [answer, token]);

  if (state.kind !== "ready") {
    return (
      <Shell>
        <p role={state.kind === "loading" ? "status" : "alert"} className="text-muted-foreground">
          {state.kind === "loading" ? "Loading…" : state.message}
        </p>
      </Shell>
    );
  }
  const { questionnaire } = state;
  const speaker = questionnaire.speaker.name ?? "The speaker";
  const place = [questionnaire.event.city, questionnaire.event.state].filter(Boolean).join(", ");
  return (
    <Shell>
      <div className="grid gap-2">
        <h1 className="text-2xl font-semibold [overflow-wrap:anywhere]">Tell us about your event</h1>
        <p className="text-muted-foreground [overflow-wrap:anywhere]">
          {speaker} · {questionnaire.event.title} · {formatLongDate(questionnaire.event.date)}
          {place && ` · ${place}`}
        </p>
      </div>
      {questionnaire.status === "answered" ? (
        <p role="status" className="rounded-lg bg-success-soft p-4 text-sm text-success">
          {THANK_YOU}
        </p>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">
            A few questions help {questionnaire.speaker.name ?? "the speaker"} prepare. Questions marked * are
            needed before you send; you can save and come back with the same link.
          </p>
          <QuestionnaireForm
            form={questionnaire}
            postPath={`/api/public/questionnaires/${encodeURIComponent(token)}`}
            onSubmitted={() =>
              setState({ kind: "ready", questionnaire: { ...questionnaire, status: "answered" } })
            }
          />
        </>
      )}
    </Shell>
  );
}
