import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Event } from "../../../../shared/schemas/events.ts";
import type {
  EventQuestionnaire,
  ProposalDecision,
  Questionnaire,
  QuestionnaireInput,
  SendQuestionnaireInput,
} from "../../../../shared/schemas/questionnaires.ts";
import { api } from "../../../lib/api.ts";
import { refreshBookOfBusiness } from "../../events/api/book-of-business.ts";

const QUESTIONNAIRE_KEY = ["/api/questionnaire"] as const;
const eventPath = (id: string, action = "") =>
  `/api/events/${encodeURIComponent(id)}/questionnaire${action ? `/${action}` : ""}`;
export const eventQuestionnaireKey = (id: string) => [eventPath(id)] as const;

/** The speaker's questions (the default set until saved). */
export const useQuestionnaire = () =>
  useQuery({
    queryKey: QUESTIONNAIRE_KEY,
    queryFn: ({ signal }) => api.get<Questionnaire>("/api/questionnaire", { signal }),
  });

export function useSaveQuestionnaire() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (questionnaire: QuestionnaireInput) =>
      api.put<Questionnaire>("/api/questionnaire", questionnaire),
    onSuccess: (saved) => queryClient.setQueryData(QUESTIONNAIRE_KEY, saved),
  });
}

/** The event's questionnaire: its status, the answers and the proposals to decide. */
export const useEventQuestionnaire = (eventId: string) =>
  useQuery({
    queryKey: eventQuestionnaireKey(eventId),
    queryFn: ({ signal }) => api.get<EventQuestionnaire>(eventPath(eventId), { signal }),
  });

export function useSendQuestionnaire(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SendQuestionnaireInput) =>
      api.post<{ url: string }>(eventPath(eventId, "send"), input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventQuestionnaireKey(eventId) }),
  });
}

/** Accept (apply to the event) or ignore the planner's proposals for `fields`. */
export function useDecideProposals(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ accept, ...decision }: ProposalDecision & { accept: boolean }) =>
      api.post<Event>(eventPath(eventId, accept ? "accept" : "ignore"), decision),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: eventQuestionnaireKey(eventId) });
      await refreshBookOfBusiness(queryClient);
    },
    // Refused because the planner changed the answer meanwhile: show the new one.
    onError: () => queryClient.invalidateQueries({ queryKey: eventQuestionnaireKey(eventId) }),
  });
}
