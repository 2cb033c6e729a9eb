import { useState } from "react";
import type { AdminUser, AdminUserPatch } from "../../../../shared/schemas/admin.ts";
import type { UserFactors } from "../../../../shared/schemas/security.ts";
import { ConfirmDialog } from "../../../components/ui/alert-dialog.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog.tsx";
import { describeError } from "../../../lib/api.ts";
import { formatInstant } from "../../../lib/format.ts";
import { toast } from "../../../lib/toast.ts";
import { useUser } from "../../auth/api/current-user.ts";
import { statusLabel } from "../../billing/components/status-label.ts";
import { useResendVerification, useResetFactors, useUpdateUser } from "../api/admin.ts";

type Props = { user: AdminUser | null; onOpenChange: (open: boolean) => void };

const onFailure = (error: unknown) =>
  toast({
    title: "Error",
    description: describeError(error, "The change could not be saved"),
    variant: "destructive",
  });

/** "Authenticator app (7 recovery codes left), 2 passkeys", or "None". */
function describeFactors({ totp, passkeys, recoveryCodesLeft }: UserFactors) {
  const parts = [
    totp &&
      `Authenticator app (${recoveryCodesLeft} recovery code${recoveryCodesLeft === 1 ? "" : "s"} left)`,
    passkeys > 0 && `${passkeys} passkey${passkeys === 1 ? "" : "s"}`,
  ].filter(Boolean);
  return parts.length ? parts.join(", ") : "None";
}

const hasFactors = ({ totp, passkeys }: UserFactors) => totp || passkeys > 0;

/** One account's facts (never its events, clients or files) and what an admin may do to it. */
export function UserActionsDialog({ user, onOpenChange }: Props) {
  const { data: me } = useUser();
  const update = useUpdateUser();
  const resend = useResendVerification();
  const resetFactors = useResetFactors();
  const [isConfirmingReset, setIsConfirmingReset] = useState(false);
  if (!user) return null;
  const isSelf = me?.id === user.id;
  const change = (patch: AdminUserPatch, done: string) =>
    update.mutate(
      { id: user.id, patch },
      { onSuccess: () => toast({ title: done, description: user.username }), onError: onFailure },
    );
  const { subscription } = user;
  const period = subscription.currentPeriodEnd
    ? `, ${subscription.cancelAtPeriodEnd ? "cancels" : "current period ends"} ${formatInstant(subscription.currentPeriodEnd)}`
    : "";
  const facts: [string, string][] = [
    ["Subscription", `${statusLabel(subscription.status)}${period}`],
    ["E-mail", `${user.email} (${user.emailVerified ? "verified" : "not verified"})`],
    ["Role", user.role === "admin" ? "Administrator" : "Speaker"],
    ["Status", user.disabled ? "Disabled" : "Active"],
    ["Trial ends", formatInstant(user.trialEndsAt)],
    ["Joined", formatInstant(user.createdAt)],
    ["Last seen", user.lastSeenAt ? formatInstant(user.lastSeenAt) : "never"],
    ["Records", `${user.counts.events} events, ${user.counts.clients} clients`],
    ["Signed-in devices", String(user.counts.sessions)],
    ["Second factors", describeFactors(user.factors)],
  ];
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle className="flex flex-wrap items-center gap-2 [overflow-wrap:anywhere]">
            {user.username}
            {user.role === "admin" && <Badge variant="primary">Admin</Badge>}
            {user.disabled && <Badge variant="destructive">Disabled</Badge>}
          </DialogTitle>
          <DialogDescription>Account facts only: an admin never sees a speaker's records.</DialogDescription>
        </DialogHeader>
        <dl className="divide-y divide-border rounded-md border border-border text-sm">
          {facts.map(([label, value]) => (
            <div key={label} className="grid gap-0.5 px-3 py-2 sm:grid-cols-[9rem_1fr] sm:gap-3">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="[overflow-wrap:anywhere]">{value}</dd>
            </div>
          ))}
        </dl>
        <div className="flex flex-wrap gap-2">
          {user.role === "admin" ? (
            <Button
              variant="outline"
              disabled={isSelf || update.isPending}
              onClick={() => change({ role: "user" }, "Admin role revoked")}
            >
              Revoke admin
            </Button>
          ) : (
            <Button
              variant="outline"
              disabled={update.isPending}
              onClick={() => change({ role: "admin" }, "Admin role granted")}
            >
              Grant admin
            </Button>
          )}
          {user.disabled ? (
            <Button
              variant="outline"
              disabled={update.isPending}
              onClick={() => change({ disabled: false }, "Account enabled")}
            >
              Enable account
            </Button>
          ) : (
            <Button
              variant="destructive"
              disabled={isSelf || update.isPending}
              onClick={() => change({ disabled: true }, "Account disabled")}
            >
              Disable account
            </Button>
          )}
          {!user.emailVerified && (
            <Button
              variant="outline"
              isLoading={resend.isPending}
              onClick={() =>
                resend.mutate(user.id, {
                  onSuccess: () => toast({ title: "Verification Email Sent", description: user.email }),
                  onError: onFailure,
                })
              }
            >
              Resend verification
            </Button>
          )}
          {hasFactors(user.factors) && (
            <Button variant="outline" onClick={() => setIsConfirmingReset(true)}>
              Reset second factors
            </Button>
          )}
        </div>
        <ConfirmDialog
          open={isConfirmingReset}
          onOpenChange={(open) => !resetFactors.isPending && setIsConfirmingReset(open)}
          title={`Reset ${user.username}'s second factors?`}
          description="Their passkeys, authenticator app and recovery codes are removed, so they sign in with the password alone until they set new ones up. They are told by e-mail, and the audit log records it."
          confirmLabel="Reset second factors"
          isDestructive
          isPending={resetFactors.isPending}
          onConfirm={() =>
            resetFactors.mutate(user.id, {
              onSuccess: () => toast({ title: "Second factors reset", description: user.username }),
              onError: onFailure,
              onSettled: () => setIsConfirmingReset(false),
            })
          }
        />
        {isSelf && (
          <p className="text-sm text-muted-foreground">You cannot demote or disable your own account.</p>
        )}
      </DialogContent>
    </Dialog>
  );
}
