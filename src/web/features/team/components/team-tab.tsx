import { useId, useState } from "react";
import { TEAM_MEMBER_ROLES, type TeamMemberRole } from "../../../../shared/schemas/team.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { ErrorState } from "../../../components/ui/error-state.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { describeError } from "../../../lib/api.ts";
import { toast } from "../../../lib/toast.ts";
import {
  useApproveJoinRequest,
  useCancelInvitation,
  useChangeMemberRole,
  useInviteMember,
  useRefuseJoinRequest,
  useRemoveMember,
  useResendInvitation,
  useTeam,
} from "../api/team.ts";
import { TeamSettingsCard } from "./team-settings-card.tsx";

const ROLE_HELP: Record<TeamMemberRole, string> = {
  assistant: "everything in your book, files, contracts and invoices; not billing, team or account",
  bookkeeper: "invoices, payments, expenses, mileage and insights; reads events and clients",
  viewer: "reads everything, changes nothing",
};

const selectClasses = "h-9 rounded-md border border-input bg-background px-2 text-sm";
const failed = (title: string) => (error: unknown) =>
  toast({ title, description: describeError(error, "Try again"), variant: "destructive" });

/** Account Settings → Team (owner only): invite with a role, the members, the open invitations. */
export function TeamTab() {
  const team = useTeam();
  if (team.isError) {
    return <ErrorState title="Could not load your team" error={team.error} onRetry={() => team.refetch()} />;
  }
  return (
    <div className="grid gap-6">
      <InviteCard />
      {(team.data?.requests.length ?? 0) > 0 && (
        <Card>
          <CardHeader>
            <CardTitle>Asking to join</CardTitle>
            <CardDescription>
              Your invitation was opened by a login whose confirmed address is not the one you invited.
              Approve only someone you know.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-3">
            {team.data?.requests.map((request) => (
              <JoinRequestRow key={request.id} request={request} />
            ))}
          </CardContent>
        </Card>
      )}
      <Card>
        <CardHeader>
          <CardTitle>Members</CardTitle>
          <CardDescription>Each works in your book with their own login. Members are free.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          {team.data?.members.length === 0 && (
            <p className="text-muted-foreground text-sm">No members yet.</p>
          )}
          {team.data?.members.map((member) => (
            <MemberRow key={member.userId} member={member} />
          ))}
        </CardContent>
      </Card>
      {(team.data?.invitations.length ?? 0) > 0 && (
        <Card>
          <CardHeader>
            <CardTitle>Invitations</CardTitle>
            <CardDescription>
              Links work for 7 days. Resending makes a new link; the old one stops.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-3">
            {team.data?.invitations.map((invitation) => (
              <InvitationRow key={invitation.id} invitation={invitation} />
            ))}
          </CardContent>
        </Card>
      )}
      <TeamSettingsCard />
    </div>
  );
}

function InviteCard() {
  const invite = useInviteMember();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<TeamMemberRole>("assistant");
  const emailId = useId();
  const roleId = useId();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    invite.mutate(
      { email, role },
      {
        onSuccess: () => {
          toast({ title: "Invitation sent", description: `We e-mailed a link to ${email}.` });
          setEmail("");
        },
        onError: failed("Could not invite"),
      },
    );
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Invite someone</CardTitle>
        <CardDescription>
          An assistant, an agent or a bookkeeper, with the role that fits their work.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid gap-4 sm:grid-cols-[1fr_auto_auto] sm:items-end">
          <div className="grid gap-1.5">
            <Label htmlFor={emailId}>E-mail</Label>
            <Input
              id={emailId}
              type="email"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={roleId}>Role</Label>
            <select
              id={roleId}
              value={role}
              onChange={(e) => setRole(e.target.value as TeamMemberRole)}
              className={selectClasses}
            >
              {TEAM_MEMBER_ROLES.map((each) => (
                <option key={each} value={each}>
                  {each}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" disabled={invite.isPending}>
            Send invitation
          </Button>
        </form>
        <p className="mt-3 text-muted-foreground text-sm">
          {role[0]!.toUpperCase() + role.slice(1)}: {ROLE_HELP[role]}.
        </p>
      </CardContent>
    </Card>
  );
}

type Member = NonNullable<ReturnType<typeof useTeam>["data"]>["members"][number];
type Invitation = NonNullable<ReturnType<typeof useTeam>["data"]>["invitations"][number];
type JoinRequest = NonNullable<ReturnType<typeof useTeam>["data"]>["requests"][number];

function JoinRequestRow({ request }: { request: JoinRequest }) {
  const approve = useApproveJoinRequest();
  const refuse = useRefuseJoinRequest();
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-md border border-border p-3">
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">{request.username}</p>
        <p className="truncate text-muted-foreground text-sm">
          {request.email}
          {request.emailVerified ? "" : " (not confirmed)"}
        </p>
        <p className="text-muted-foreground text-sm">
          Invited: {request.invitedEmail} · {request.role}
        </p>
      </div>
      <Button
        size="sm"
        isLoading={approve.isPending}
        onClick={() =>
          approve.mutate(request.id, {
            onSuccess: () =>
              toast({ title: "Approved", description: `${request.username} is now your ${request.role}.` }),
            onError: failed("Could not approve"),
          })
        }
      >
        Approve {request.username}
      </Button>
      <Button
        variant="outline"
        size="sm"
        isLoading={refuse.isPending}
        onClick={() => refuse.mutate(request.id, { onError: failed("Could not refuse") })}
      >
        Refuse
      </Button>
    </div>
  );
}

function MemberRow({ member }: { member: Member }) {
  const changeRole = useChangeMemberRole();
  const remove = useRemoveMember();
  const roleId = useId();
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-md border border-border p-3">
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">{member.username}</p>
        <p className="truncate text-muted-foreground text-sm">{member.email}</p>
      </div>
      <label htmlFor={roleId} className="sr-only">
        Role of {member.username}
      </label>
      <select
        id={roleId}
        value={member.role}
        className={selectClasses}
        onChange={(e) =>
          changeRole.mutate(
            { userId: member.userId, role: e.target.value as TeamMemberRole },
            { onError: failed("Could not change the role") },
          )
        }
      >
        {TEAM_MEMBER_ROLES.map((each) => (
          <option key={each} value={each}>
            {each}
          </option>
        ))}
      </select>
      <Button
        variant="outline"
        size="sm"
        onClick={() => remove.mutate(member.userId, { onError: failed("Could not remove") })}
      >
        Remove
      </Button>
    </div>
  );
}

function InvitationRow({ invitation }: { invitation: Invitation }) {
  const resend = useResendInvitation();
  const cancel = useCancelInvitation();
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-md border border-border p-3">
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">{invitation.email}</p>
        <p className="text-muted-foreground text-sm">
          {invitation.role} · expires {new Date(invitation.expiresAt).toLocaleDateString()}
        </p>
      </div>
      <Button
        variant="outline"
        size="sm"
        onClick={() =>
          resend.mutate(invitation.id, {
            onSuccess: () =>
              toast({ title: "Invitation sent again", description: "The old link no longer works." }),
            onError: failed("Could not resend"),
          })
        }
      >
        Resend
      </Button>
      <Button
        variant="outline"
        size="sm"
        onClick={() => cancel.mutate(invitation.id, { onError: failed("Could not cancel") })}
      >
        Cancel
      </Button>
    </div>
  );
}
