import { useMutation } from "@tanstack/react-query";
import type { EmailOnlyInput } from "../../../../shared/schemas/auth.ts";
import { api, describeError } from "../../../lib/api.ts";
import { toast } from "../../../lib/toast.ts";

/** POST /api/auth/recover-username with the spec §8 toasts; the answer never says whether the e-mail is known. */
export function useRecoverUsername({ onSuccess }: { onSuccess: () => void }) {
  return useMutation({
    mutationFn: (input: EmailOnlyInput) => api.post<unknown>("/api/auth/recover-username", input),
    onSuccess: () => {
      toast({
        title: "Username Recovery Email Sent",
        description: "If your email is in our system, we will send your username to you.",
      });
      onSuccess();
    },
    onError: (error) => {
      toast({
        title: "Error",
        description: describeError(error, "Failed to send username recovery email"),
        variant: "destructive",
      });
    },
  });
}
