import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import type { AdminStats, AdminUser, AdminUserPatch, AuditEntry } from "../../../../shared/schemas/admin.ts";
import type { FeedbackItem } from "../../../../shared/schemas/feedback.ts";
import { api } from "../../../lib/api.ts";

type Page<T> = { items: T[]; nextCursor: string | null };

/** GET /api/admin/stats: every figure of the dashboard in one answer. */
export function useAdminStats() {
  return useQuery<AdminStats>({ queryKey: ["/api/admin/stats"] });
}

/**
 * A paged admin list (users, feedback, audit log): the first page, then "Load more". A new search keeps
 * the last answer on screen until its own arrives, so the list never blanks out under the admin's pointer.
 */
function useAdminList<T>(path: string, params: Record<string, string> = {}) {
  return useInfiniteQuery({
    queryKey: [path, params],
    placeholderData: keepPreviousData,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ ...params, ...(pageParam ? { cursor: pageParam } : {}) });
      return api.get<Page<T>>(`${path}?${query}`, { signal });
    },
    getNextPageParam: (page) => page.nextCursor,
  });
}

export const useAdminUsers = (q: string) => useAdminList<AdminUser>("/api/admin/users", q ? { q } : {});
export const useAdminFeedback = () => useAdminList<FeedbackItem>("/api/admin/feedback");
export const useAuditLog = () => useAdminList<AuditEntry>("/api/admin/audit-log");

/** Every admin action changes the log and maybe the figures and the user list: refresh them all. */
function useAdminMutation<TVariables, TData>(mutationFn: (variables: TVariables) => Promise<TData>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      queryClient.invalidateQueries({
        predicate: (query) => String(query.queryKey[0]).startsWith("/api/admin/"),
      }),
  });
}

export const useUpdateUser = () =>
  useAdminMutation(({ id, patch }: { id: string; patch: AdminUserPatch }) =>
    api.patch<AdminUser>(`/api/admin/users/${id}`, patch),
  );
export const useResendVerification = () =>
  useAdminMutation((id: string) => api.post<void>(`/api/admin/users/${id}/resend-verification`));
/** Removes every passkey, the authenticator app and its recovery codes; the server logs it and tells the user. */
export const useResetFactors = () =>
  useAdminMutation((id: string) => api.post<void>(`/api/admin/users/${id}/reset-factors`));
export const useRetryFailedMail = () =>
  useAdminMutation(() => api.post<{ requeued: number }>("/api/admin/mail/retry-failed"));
