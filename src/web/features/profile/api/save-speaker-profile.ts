import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { SpeakerProfile, SpeakerProfileUpdate } from "../../../../shared/schemas/profile.ts";
import { api } from "../../../lib/api.ts";
import { mutationWithIdempotency } from "../../../lib/idempotent-mutation.ts";
import { SPEAKER_PROFILE_QUERY_KEY } from "./speaker-profile.ts";

export const saveSpeakerProfile = mutationWithIdempotency((profile: SpeakerProfileUpdate, options) =>
  api.put<SpeakerProfile>("/api/speaker-profile", profile, options),
);

/** Saves the whole profile; the sidebar's name and title and the dashboard's goal follow at once. */
export function useSaveSpeakerProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSpeakerProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(SPEAKER_PROFILE_QUERY_KEY, profile);
      return queryClient.invalidateQueries({ queryKey: ["/api/dashboard"] });
    },
  });
}
