import { useQueryClient } from "@tanstack/react-query";
import { MailCheck } from "lucide-react";
import { useEffect, useState } from "react";
import { useParams } from "react-router";
import type { InvitationPreview, Joined } from "../../../../shared/schemas/team.ts";
import { ROLE_SUMMARY } from "../../../../shared/team-access.ts";
import { CenteredPage } from "../../../app/layout/centered-page.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { LoadingScreen } from "../../../components/ui/spinner.tsx";
import { describeError } from "../../../lib/api.ts";
import { welcomeSeenKey, writeStored } from "../../../lib/local-storage.ts";
import { replaceSignedInUser, useUser } from "../../auth/api/current-user.ts";
import { AuthModeForm } from "../../landing/components/auth-modal.tsx";
import type { AuthMode } from "../../landing/components/auth-mode.ts";
import { RegisterForm } from "../../landing/components/register-form.tsx";
import { useInvitationPreview, useJoinTeam, useWorkspaceOnceConfirmed } from "../api/team.ts";
import { rememberPendingJoin } from "../pending-join.ts";

const isSameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * /join/<token>: the invitation link (issue 41 item 4, decision 062). It names who invites, the role and
 * what the role may do. A visitor gets the registration form at once, with the invited address filled in
 * (or signs in with "I already have a login": the link is kept meanwhile and reopened once they are in); a
 * signed-in login joins. A login whose confirmed address is the invited one is in at once; a new login
 * confirms its address first (this page waits for it); any other waits for the speaker's approval.
 */
export default function JoinPage() {
  const { token = "" } = useParams();
  const preview = useInvitationPreview(token);
  const { data: user, isPending } = useUser();
  const join = useJoinTeam();
  // First: joining clears the client cache (a new workspace), and the used link's preview then answers 404.
  if (join.data) return <JoinOutcome joined={join.data.joined} />;
  if (isPending || preview.isPending) return <LoadingScreen />;
  if (preview.isError) {
    return (
      <CenteredPage>
        <Card>
          <CardHeader>
            <CardTitle as="h1">This invitation cannot be used</CardTitle>
            <CardDescription>{describeError(preview.error, "The link could not be read.")}</CardDescription>
          </CardHeader>
        </Card>
      </CenteredPage>
    );
  }

  const invitation = preview.data;
  return (
    <CenteredPage>
      <Card>
        <InvitationHeader invitation={invitation} />
        <CardContent className="grid gap-4">
          {join.isError && (
            <p role="alert" className="text-destructive text-sm">
              {describeError(join.error, "Could not join")}
            </p>
          )}
          {user ? (
            <>
              {!isSameAddress(user.email, invitation.email) && (
                <p className="rounded-md bg-warning-soft p-3 text-sm">
                  The invitation went to {invitation.email}; you are signed in as {user.username} (
                  {user.email}). {speakerOf(invitation)} will be asked to approve you first.
                </p>
              )}
              <Button onClick={() => join.mutate(token)} isLoading={join.isPending}>
                Join as {user.username}
              </Button>
            </>
          ) : (
            <SignUpOrIn invitation={invitation} token={token} onSignedUp={() => join.mutate(token)} />
          )}
        </CardContent>
      </Card>
    </CenteredPage>
  );
}

/** "Dana Rivera", else "The speaker": never a username (a login's private handle). */
const speakerOf = (invitation: { speaker: { name: string | null } }) =>
  invitation.speaker.name ?? "The speaker";

function InvitationHeader({ invitation }: { invitation: InvitationPreview }) {
  const who = invitation.speaker.name ?? "A speaker";
  return (
    <CardHeader>
      <CardTitle as="h1">
        {who} invited you to their team as {invitation.role === "assistant" ? "an" : "a"} {invitation.role}
      </CardTitle>
      <CardDescription className="grid gap-2">
        <span>{ROLE_SUMMARY[invitation.role]}</span>
        <span>Team members pay nothing: you need only a free Podium login.</span>
      </CardDescription>
    </CardHeader>
  );
}

/** The registration form at once, with the invited address; "I already have a login" beside it. */
function SignUpOrIn({
  invitation,
  token,
  onSignedUp,
}: {
  invitation: InvitationPreview;
  token: string;
  onSignedUp: () => void;
}) {
  const [mode, setMode] = useState<AuthMode>("register");
  // Signing in opens the app afresh (a page load): the kept link brings the login back here to join.
  useEffect(() => {
    if (mode !== "register") rememberPendingJoin(token);
  }, [mode, token]);
  if (mode !== "register") return <AuthModeForm mode={mode} onModeChange={setMode} />;
  return (
    <div className="grid gap-4">
      <h2 className="font-semibold">Create your login</h2>
      <RegisterForm
        submitLabel="Create my login and join"
        defaultEmail={invitation.email}
        onRegistered={onSignedUp}
      />
      <Button variant="outline" size="lg" className="w-full" onClick={() => setMode("login")}>
        I already have a login
      </Button>
    </div>
  );
}

/**
 * After the link is taken up: welcome (joined), a wait for the new login's address to be confirmed, or a
 * wait for the speaker's approval.
 */
function JoinOutcome({ joined }: { joined: Joined }) {
  const { data: user } = useUser();
  const queryClient = useQueryClient();
  const isConfirming = joined.status === "confirming";
  const confirmed = useWorkspaceOnceConfirmed(isConfirming ? joined.speaker.id : null);
  const isInAfterConfirming = confirmed.data?.workspace.speakerId === joined.speaker.id;
  useEffect(() => {
    if (isInAfterConfirming && confirmed.data) replaceSignedInUser(queryClient, confirmed.data);
  }, [isInAfterConfirming, confirmed.data, queryClient]);
  const isIn = joined.status === "joined" || isInAfterConfirming;
  useEffect(() => {
    // The page below is this login's welcome: the first-run dialog for a speaker's own book would not fit.
    if (isIn && user) writeStored(welcomeSeenKey(user.id), new Date().toISOString());
  }, [isIn, user]);

  const name = joined.speaker.name ?? "the speaker";
  if (isIn) {
    return (
      <CenteredPage>
        <Card>
          <CardHeader>
            <CardTitle as="h1">
              Welcome to {joined.speaker.name ? `${name}'s` : "the speaker's"} team
            </CardTitle>
            <CardDescription>
              You now work in {name}'s book as their {joined.role}. Everything you see — events, clients,
              contracts, invoices — is {name}'s work
              {joined.role === "viewer"
                ? "."
                : `, and what you change is saved for ${name}, with your name on it.`}
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-3 text-sm">
            <p>{ROLE_SUMMARY[joined.role]}</p>
            <p>Your own book is still yours: switch between them with the menu at the top of every page.</p>
            <Button asChild>
              <a href="/">Open {name}'s book</a>
            </Button>
          </CardContent>
        </Card>
      </CenteredPage>
    );
  }
  return (
    <CenteredPage>
      <Card>
        <CardHeader>
          {isConfirming && (
            <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary">
              <MailCheck aria-hidden="true" className="size-6" />
            </span>
          )}
          <CardTitle as="h1">
            {isConfirming ? "Confirm your e-mail address" : "Your request is with the speaker"}
          </CardTitle>
          <CardDescription role="status">
            {isConfirming
              ? `We sent a link to ${user?.email}. Open it and you join ${name}'s team at once; this page follows.`
              : `Your login's address is not the one ${name} invited, so they approve you first. Once they do, their book appears in the menu at the top of every page.`}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild variant="outline" className="w-full">
            <a href="/">Open my own book meanwhile</a>
          </Button>
        </CardContent>
      </Card>
    </CenteredPage>
  );
}
