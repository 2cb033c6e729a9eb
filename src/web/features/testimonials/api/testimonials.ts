import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  Testimonial,
  TestimonialList,
  TestimonialRequestSent,
} from "../../../../shared/schemas/testimonials.ts";
import { api } from "../../../lib/api.ts";

export const TESTIMONIALS_KEY = ["/api/testimonials"] as const;

/** The planners' testimonials, newest first (DESIGN §11). */
export const useTestimonials = () =>
  useQuery({
    queryKey: TESTIMONIALS_KEY,
    queryFn: ({ signal }) => api.get<TestimonialList>("/api/testimonials", { signal }),
  });

/** "Ask for a testimonial": e-mails the planner the `/t/<token>` link. */
export function useRequestTestimonial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ eventId, to }: { eventId: string; to?: string }) =>
      api.post<TestimonialRequestSent>(`/api/events/${encodeURIComponent(eventId)}/testimonial-request`, {
        ...(to ? { to } : {}),
      }),
    // The event's "Ask for a testimonial" task is done now.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["/api/tasks"] }),
  });
}

function useTestimonialChange<Input>(request: (input: Input) => Promise<Testimonial>, alsoKit = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: TESTIMONIALS_KEY });
      if (alsoKit) await queryClient.invalidateQueries({ queryKey: ["/api/media-kit"] });
    },
  });
}

/** "Show anyway" for a low rating, or private again. */
export const useShowTestimonialAnyway = () =>
  useTestimonialChange(({ id, showAnyway }: { id: string; showAnyway: boolean }) =>
    api.patch<Testimonial>(`/api/testimonials/${encodeURIComponent(id)}`, { showAnyway }),
  );

/** "Add to media kit": the quote joins the media kit's testimonials. */
export const useAddTestimonialToMediaKit = () =>
  useTestimonialChange(
    ({ id }: { id: string }) =>
      api.post<Testimonial>(`/api/testimonials/${encodeURIComponent(id)}/media-kit`),
    true,
  );
