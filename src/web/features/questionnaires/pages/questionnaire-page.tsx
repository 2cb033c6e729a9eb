import { useState } from "react";
import { formatLongDate } from "../../../../shared/calendar-dates.ts";
import type { PublicPageProps } from "../../../../shared/public-page.ts";
import type { PublicQuestionnaire } from "../../../../shared/schemas/questionnaires.ts";
import { speakerDisplayName } from "../../../../shared/speaker-name.ts";
import {
  PublicLinkFrame,
  PublicLinkPending,
  tokenOfPath,
  usePublicLink,
} from "../../../public-pages/public-link.tsx";
import { AnsweredNotice } from "../components/answered-notice.tsx";
import { QuestionnaireForm } from "../components/questionnaire-form.tsx";

/**
 * `/q/<token>` (issue 33, public, phone first): the speaker's questions about the planner's event, saved as a
 * draft or sent. The server renders it with the questionnaire (decision 042); unknown, replaced or expired
 * links answer 404 like every public page.
 */
export default function QuestionnairePage({ path, answer }: PublicPageProps) {
  const token = tokenOfPath(path);
  const [state, show] = usePublicLink<PublicQuestionnaire>(
    answer,
    `/api/public/questionnaires/${encodeURIComponent(token)}`,
  );

  const [isChanging, setChanging] = useState(false);
  if (state.kind !== "ready") return <PublicLinkPending state={state} />;
  const questionnaire = state.data;
  const speaker = speakerDisplayName(questionnaire.speaker, { atStart: true });
  const place = [questionnaire.event.city, questionnaire.event.state].filter(Boolean).join(", ");
  return (
    <PublicLinkFrame>
      <div className="grid gap-2">
        <h1 className="text-2xl font-semibold [overflow-wrap:anywhere]">Tell us about your event</h1>
        <p className="text-muted-foreground [overflow-wrap:anywhere]">
          {speaker} · {questionnaire.event.title} · {formatLongDate(questionnaire.event.date)}
          {place && ` · ${place}`}
        </p>
      </div>
      {questionnaire.status === "answered" && !isChanging ? (
        <AnsweredNotice canChange={questionnaire.canChange} onChange={() => setChanging(true)} />
      ) : (
        <>
          {!isChanging && (
            <p className="text-sm text-muted-foreground">
              A few questions help {speakerDisplayName(questionnaire.speaker)} prepare. Questions marked * are
              needed before you send; you can save and come back with the same link.
            </p>
          )}
          <QuestionnaireForm
            form={questionnaire}
            postPath={`/api/public/questionnaires/${encodeURIComponent(token)}`}
            onSubmitted={(answers) => {
              setChanging(false);
              show({ ...questionnaire, answers, status: "answered" });
            }}
            onCancel={() => setChanging(false)}
          />
        </>
      )}
    </PublicLinkFrame>
  );
}
