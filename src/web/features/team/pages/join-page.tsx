import { useState } from "react";
import { Link, useParams } from "react-router";
import { ROLE_SUMMARY } from "../../../../shared/team-access.ts";
import { CenteredPage } from "../../../app/layout/centered-page.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { describeError } from "../../../lib/api.ts";
import { useUser } from "../../auth/api/current-user.ts";
import { useJoinTeam } from "../api/team.ts";
import { rememberPendingJoin } from "../pending-join.ts";

/**
 * /join/<token>: the invitation link. A visitor signs in or registers first (the link is kept meanwhile and
 * reopened once they are in); a signed-in login joins, then reads whose work it now sees.
 */
export default function JoinPage() {
  const { token = "" } = useParams();
  const { data: user, isPending } = useUser();
  const join = useJoinTeam();
  const [isRemembered, setIsRemembered] = useState(false);
  if (isPending) return null;

  if (join.data) {
    const { name } = join.data.joined.speaker;
    const { role } = join.data.user.workspace;
    return (
      <CenteredPage>
        <Card>
          <CardHeader>
            <CardTitle>Welcome to {name}'s team</CardTitle>
            <CardDescription>
              You now work in {name}'s book as their {role}. Everything you see — events, clients, contracts,
              invoices — is {name}'s work
              {role === "viewer" ? "." : `, and what you change is saved for ${name}, with your name on it.`}
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-3 text-sm">
            {role !== "owner" && <p>{ROLE_SUMMARY[role]}</p>}
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
          <CardTitle>Join a speaker's team</CardTitle>
          <CardDescription>
            A speaker invited you to work in their Podium book. Team members are free: you need only a login.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          {join.isError && (
            <p role="alert" className="text-destructive text-sm">
              {describeError(join.error, "Could not join")}
            </p>
          )}
          {user ? (
            <Button onClick={() => join.mutate(token)} disabled={join.isPending}>
              Join as {user.username}
            </Button>
          ) : (
            <>
              <p className="text-sm">Sign in with your Podium login, or create one; then you join at once.</p>
              <Button
                asChild
                onClick={() => {
                  rememberPendingJoin(token);
                  setIsRemembered(true);
                }}
              >
                <Link to="/auth">Sign in or create a login</Link>
              </Button>
              {isRemembered && <span className="sr-only">Invitation kept</span>}
            </>
          )}
        </CardContent>
      </Card>
    </CenteredPage>
  );
}
