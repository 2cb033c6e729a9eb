import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  CurrentUser,
  InvitationPreview,
  InviteMemberInput,
  Joined,
  Team,
  TeamInvitation,
  TeamMember,
  TeamMemberRole,
  TeamSettings,
  Workspace,
} from "../../../../shared/schemas/team.ts";
import { api } from "../../../lib/api.ts";
import { openSignedInApp } from "../../../lib/open-app.ts";
import { replaceSignedInUser } from "../../auth/api/current-user.ts";

const TEAM_KEY = ["/api/team"] as const;
const WORKSPACES_KEY = ["/api/workspaces"] as const;
const SETTINGS_KEY = ["/api/team/settings"] as const;

export function useTeam() {
  return useQuery({ queryKey: TEAM_KEY, queryFn: ({ signal }) => api.get<Team>("/api/team", { signal }) });
}

/** A team change, then the team read again. */
function useTeamChange<Input, Answer>(request: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TEAM_KEY }),
  });
}

export const useInviteMember = () =>
  useTeamChange((input: InviteMemberInput) => api.post<TeamInvitation>("/api/team/invitations", input));
export const useResendInvitation = () =>
  useTeamChange((id: string) => api.post<TeamInvitation>(`/api/team/invitations/${id}/resend`, {}));
export const useCancelInvitation = () =>
  useTeamChange((id: string) => api.delete<null>(`/api/team/invitations/${id}`));
export const useChangeMemberRole = () =>
  useTeamChange(({ userId, role }: { userId: string; role: TeamMemberRole }) =>
    api.patch<TeamMember>(`/api/team/members/${userId}`, { role }),
  );
export const useRemoveMember = () =>
  useTeamChange((userId: string) => api.delete<null>(`/api/team/members/${userId}`));

/** The owner's choices for the team: whose address replies go to, and whether a second factor is required. */
export function useTeamSettings() {
  return useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: ({ signal }) => api.get<TeamSettings>("/api/team/settings", { signal }),
  });
}

export function useSaveTeamSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: TeamSettings) => api.put<TeamSettings>("/api/team/settings", settings),
    onSuccess: (saved) => queryClient.setQueryData(SETTINGS_KEY, saved),
  });
}

export function useWorkspaces() {
  return useQuery({
    queryKey: WORKSPACES_KEY,
    queryFn: ({ signal }) => api.get<Workspace[]>("/api/workspaces", { signal }),
  });
}

/**
 * Acts for another speaker: the whole client cache goes, as on sign-in, and the app opens afresh at `/` (as
 * sign-in does), so no answer or open page of the speaker left behind is ever shown for the new one.
 */
export function useSwitchWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (speakerId: string) => api.post<Workspace>("/api/workspaces/current", { speakerId }),
    onSuccess: (workspace) => {
      replaceSignedInUser(queryClient, null);
      openSignedInApp({
        title: `Working for ${workspace.name}`,
        description: `You are ${workspace.role} here.`,
      });
    },
  });
}

/**
 * Takes up an invitation link (decision 062). Joined, the session acts for that speaker (cache cleared as
 * above); requested, the login waits for the owner, or for its own address to be confirmed.
 */
export function useJoinTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (token: string) => {
      const joined = await api.post<Joined>(`/api/join/${token}`, {});
      return { joined, user: await api.get<CurrentUser>("/api/user") };
    },
    onSuccess: ({ user }) => replaceSignedInUser(queryClient, user),
  });
}

/** Who invites, with which role, to which address: the join page before its visitor has a login. */
export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: ["/api/public/join", token],
    queryFn: ({ signal }) => api.get<InvitationPreview>(`/api/public/join/${token}`, { signal }),
    retry: false,
  });
}

/**
 * While a new login confirms its address in another tab, the signed-in user read every few seconds: the
 * verification lets it in and points this session at the speaker (decision 062).
 */
export function useWorkspaceOnceConfirmed(speakerId: string | null) {
  return useQuery({
    queryKey: ["joining", speakerId],
    queryFn: ({ signal }) => api.get<CurrentUser>("/api/user", { signal }),
    enabled: speakerId !== null,
    refetchInterval: (query) => (query.state.data?.workspace.speakerId === speakerId ? false : 3000),
  });
}

export const useApproveJoinRequest = () =>
  useTeamChange((id: string) => api.post<TeamMember>(`/api/team/requests/${id}/approve`, {}));
export const useRefuseJoinRequest = () =>
  useTeamChange((id: string) => api.delete<null>(`/api/team/requests/${id}`));
