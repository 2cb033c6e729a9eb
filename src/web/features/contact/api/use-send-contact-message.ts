import { useMutation } from "@tanstack/react-query";
import { CONTACT_THANKS, type ContactMessageInput } from "../../../../shared/schemas/contact.ts";
import { api, describeError } from "../../../lib/api.ts";
import { mutationWithIdempotency } from "../../../lib/idempotent-mutation.ts";
import { toast } from "../../../lib/toast.ts";
import { SUPPORT_EMAIL } from "../support-email.ts";

/** POST /api/contact with the spec §8 toasts; `onSuccess` lets the dialog close and clear itself. */
export function useSendContactMessage({ onSuccess }: { onSuccess: () => void }) {
  return useMutation({
    mutationFn: mutationWithIdempotency((message: ContactMessageInput, options) =>
      api.post<unknown>("/api/contact", message, options),
    ),
    onSuccess: () => {
      toast({
        title: "Message Sent",
        description: CONTACT_THANKS,
      });
      onSuccess();
    },
    onError: (error) => {
      toast({
        title: "Failed to Send",
        description: describeError(error, `Please try again or email us directly at ${SUPPORT_EMAIL}`),
        variant: "destructive",
      });
    },
  });
}
