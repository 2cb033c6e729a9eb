import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { MediaKit, MediaKitUpdate } from "../../../../shared/schemas/media-kit.ts";
import { api } from "../../../lib/api.ts";
import { mutationWithIdempotency } from "../../../lib/idempotent-mutation.ts";

export const MEDIA_KIT_QUERY_KEY = ["/api/media-kit"] as const;
export const ONE_SHEET_URL = "/api/media-kit/one-sheet.pdf";

export function useMediaKit() {
  return useQuery({
    queryKey: MEDIA_KIT_QUERY_KEY,
    queryFn: ({ signal }) => api.get<MediaKit>("/api/media-kit", { signal }),
  });
}

export const saveMediaKit = mutationWithIdempotency((kit: MediaKitUpdate, options) =>
  api.put<MediaKit>("/api/media-kit", kit, options),
);

/** Replaces the whole kit (PUT); the cache takes the server's answer. */
export function useSaveMediaKit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMediaKit,
    onSuccess: (kit) => {
      queryClient.setQueryData(MEDIA_KIT_QUERY_KEY, kit);
      // The profile's slug is the kit's.
      return queryClient.invalidateQueries({ queryKey: ["/api/speaker-profile"] });
    },
  });
}

/** The kit as the PUT body it came from (nulls as absent), to change one part and save the rest as it is. */
export function toMediaKitUpdate(kit: MediaKit): MediaKitUpdate {
  const text = (value: string | null) => value ?? undefined;
  return {
    slug: kit.slug,
    headline: text(kit.headline),
    shortBio: text(kit.shortBio),
    longBio: text(kit.longBio),
    topics: kit.topics.map((topic) => ({
      title: topic.title,
      description: text(topic.description),
      formats: topic.formats,
      audiences: text(topic.audiences),
    })),
    feeRange: kit.feeRange,
    travelsFrom: text(kit.travelsFrom),
    videos: kit.videos.map((video) => ({ title: text(video.title), url: video.url })),
    testimonials: kit.testimonials.map((t) => ({
      quote: t.quote,
      author: t.author,
      role: text(t.role),
      organization: text(t.organization),
    })),
    headshotFileIds: kit.headshotFileIds,
    resourceFileIds: kit.resourceFileIds,
    links: {
      website: text(kit.links.website),
      linkedin: text(kit.links.linkedin),
      youtube: text(kit.links.youtube),
      instagram: text(kit.links.instagram),
      x: text(kit.links.x),
    },
  };
}
