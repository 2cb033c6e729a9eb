import { useMutation } from "@tanstack/react-query";
import type { FeedbackInput } from "../../../../shared/schemas/feedback.ts";
import { api } from "../../../lib/api.ts";
import { mutationWithIdempotency } from "../../../lib/idempotent-mutation.ts";

/** POST /api/feedback. */
export function useSendFeedback() {
  return useMutation({
    mutationFn: mutationWithIdempotency((input: FeedbackInput, options) =>
      api.post<{ message: string }>("/api/feedback", input, options),
    ),
  });
}
