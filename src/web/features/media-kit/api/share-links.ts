import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreateShareLinkInput, ShareLink } from "../../../../shared/schemas/share-links.ts";
import { api } from "../../../lib/api.ts";
import { mutationWithIdempotency } from "../../../lib/idempotent-mutation.ts";

export const SHARE_LINKS_QUERY_KEY = ["/api/share-links"] as const;

export function useShareLinks() {
  return useQuery({
    queryKey: SHARE_LINKS_QUERY_KEY,
    queryFn: ({ signal }) => api.get<{ items: ShareLink[] }>("/api/share-links", { signal }),
  });
}

// The Idempotency-Key makes a retried create answer the first link (and its address) again.
const createShareLink = mutationWithIdempotency((input: CreateShareLinkInput, options) =>
  api.post<ShareLink>("/api/share-links", input, options),
);

/** Creates a link; the answer holds its address, which the server never shows again. */
export function useCreateShareLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createShareLink,
    onSettled: () => queryClient.invalidateQueries({ queryKey: SHARE_LINKS_QUERY_KEY }),
  });
}

export function useRevokeShareLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<ShareLink>(`/api/share-links/${id}/revoke`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SHARE_LINKS_QUERY_KEY }),
  });
}
