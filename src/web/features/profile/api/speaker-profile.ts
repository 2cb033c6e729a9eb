import { useQuery } from "@tanstack/react-query";
import type { SpeakerProfile } from "../../../../shared/schemas/profile.ts";
import { api } from "../../../lib/api.ts";

export const SPEAKER_PROFILE_QUERY_KEY = ["/api/speaker-profile"] as const;
/** Spec §7/§9: the profile is cached 60 s and refetched on window focus. */
export const PROFILE_CACHE_MS = 60_000;

export async function fetchSpeakerProfile({
  signal,
}: {
  signal?: AbortSignal;
} = {}): Promise<SpeakerProfile> {
  try {
    return await api.get<SpeakerProfile>("/api/speaker-profile", { signal });
  } catch (error) {
    throw new Error("Failed to fetch speaker profile", { cause: error });
  }
}

export function useSpeakerProfile() {
  return useQuery({
    queryKey: SPEAKER_PROFILE_QUERY_KEY,
    queryFn: fetchSpeakerProfile,
    staleTime: PROFILE_CACHE_MS,
    refetchOnWindowFocus: true,
  });
}
