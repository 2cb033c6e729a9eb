import { useState } from "react";
import {
  type AnswerValue,
  type Proposal,
  QUESTION_TARGET_LABELS,
  type QuestionnaireStatus,
} from "../../../../shared/schemas/questionnaires.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { describeError } from "../../../lib/api.ts";
import { formatInstant } from "../../../lib/format.ts";
import { useDecideProposals, useEventQuestionnaire } from "../api/questionnaires.ts";
import { SendQuestionnaireDialog } from "./send-questionnaire-dialog.tsx";

const STATUS_TEXT: Record<QuestionnaireStatus, string> = {
  not_sent: "Not sent yet.",
  sent: "Sent; waiting for the planner's answers.",
  answered: "Answered.",
};

const showAnswer = (value: AnswerValue) =>
  value === true ? "Yes" : value === false ? "No" : String(value ?? "");

function ProposalRow({ eventId, proposal }: { eventId: string; proposal: Proposal }) {
  const decide = useDecideProposals(eventId);
  const field = QUESTION_TARGET_LABELS[proposal.field];
  const decision = { fields: [proposal.field], seen: { [proposal.field]: proposal.value } };
  return (
    <li className="grid gap-2 rounded-md border border-border p-3">
      <p className="text-sm [overflow-wrap:anywhere]">
        <span className="font-medium">{field}:</span> Planner says <strong>{String(proposal.value)}</strong>{" "}
        (was {String(proposal.current ?? "empty")})
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          isLoading={decide.isPending && decide.variables?.accept === true}
          onClick={() => decide.mutate({ ...decision, accept: true })}
          aria-label={`Accept the planner's ${field.toLowerCase()}`}
        >
          Accept
        </Button>
        <Button
          size="sm"
          variant="outline"
          isLoading={decide.isPending && decide.variables?.accept === false}
          onClick={() => decide.mutate({ ...decision, accept: false })}
          aria-label={`Ignore the planner's ${field.toLowerCase()}`}
        >
          Ignore
        </Button>
      </div>
      {decide.isError && (
        <p role="alert" className="text-sm text-destructive">
          {describeError(decide.error, "Could not save. Please try again.")}
        </p>
      )}
    </li>
  );
}

/** The event's questionnaire: its status, sending it, the planner's answers and what they propose to change. */
export function QuestionnaireCard({ event }: { event: { id: string; contactEmail: string | null } }) {
  const questionnaire = useEventQuestionnaire(event.id);
  const [isSending, setIsSending] = useState(false);
  const data = questionnaire.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Questionnaire</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {questionnaire.isError && (
          <p role="alert" className="text-sm text-destructive">
            {describeError(questionnaire.error, "The questionnaire could not be loaded.")}
          </p>
        )}
        {data && (
          <>
            <p className="text-sm text-muted-foreground">
              {data.status === "answered" && data.answeredAt
                ? `Answered ${formatInstant(data.answeredAt)}.`
                : STATUS_TEXT[data.status]}
              {data.sentTo && data.status !== "not_sent" ? ` To ${data.sentTo}.` : ""}
            </p>
            {data.proposals.length > 0 && (
              <ul className="grid gap-2" aria-label="Changes the planner proposes">
                {data.proposals.map((proposal) => (
                  <ProposalRow key={proposal.field} eventId={event.id} proposal={proposal} />
                ))}
              </ul>
            )}
            {data.answers.length > 0 && data.status !== "answered" && (
              <p className="text-sm text-muted-foreground">A draft so far:</p>
            )}
            {data.answers.length > 0 && (
              <dl className="grid gap-3 text-sm">
                {data.answers.map((answer) => (
                  <div key={answer.questionId} className="grid gap-0.5">
                    <dt className="text-muted-foreground">{answer.label}</dt>
                    <dd className="whitespace-pre-line [overflow-wrap:anywhere]">
                      {showAnswer(answer.value)}
                    </dd>
                  </div>
                ))}
              </dl>
            )}
            {data.status !== "answered" && (
              <Button variant="outline" className="justify-self-start" onClick={() => setIsSending(true)}>
                {data.status === "sent" ? "Send again" : "Send the questionnaire"}
              </Button>
            )}
          </>
        )}
      </CardContent>
      {isSending && <SendQuestionnaireDialog open={isSending} onOpenChange={setIsSending} event={event} />}
    </Card>
  );
}
