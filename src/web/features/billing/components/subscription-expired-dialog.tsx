import { CreditCard, Download, Mail, Trash2 } from "lucide-react";
import { useLocation, useNavigate } from "react-router";
import type { User } from "../../../../shared/schemas/auth.ts";
import { isLapsed } from "../../../../shared/schemas/billing.ts";
import { Button } from "../../../components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog.tsx";
import { useExportWorkbook } from "../../account-settings/api/use-export-workbook.ts";
import { useResendVerification } from "../../auth/api/use-verify-email.ts";
import { useSubscriptionStatus } from "../api/subscription-status.ts";
import { useOpenPortal, useStartCheckout } from "../api/use-billing-redirects.ts";
import { renewsThroughPortal, statusLabel } from "./status-label.ts";

const DELETION_PATH = "/account-settings?tab=danger";
const preventClose = (event: Event) => event.preventDefault();

/**
 * Spec §2/§4: the non-dismissable dialog of a lapsed account (no Escape, no outside click, no close button).
 * It steps aside on the account-deletion tab it links to, so that tab can be used.
 */
export function SubscriptionExpiredDialog({ user }: { user: User }) {
  const { data: status } = useSubscriptionStatus();
  const location = useLocation();
  const navigate = useNavigate();
  const resend = useResendVerification();
  const exportWorkbook = useExportWorkbook();
  const portal = useOpenPortal();
  const checkout = useStartCheckout("new-tab");

  const onDeletionTab = `${location.pathname}${location.search}` === DELETION_PATH;
  if (!status || !isLapsed(status) || onDeletionTab) return null;

  const renew = () => (renewsThroughPortal(status.status) ? portal.mutate() : checkout.mutate({}));
  return (
    <Dialog open onOpenChange={() => undefined}>
      <DialogContent
        showCloseButton={false}
        onEscapeKeyDown={preventClose}
        onPointerDownOutside={preventClose}
        onInteractOutside={preventClose}
      >
        <DialogHeader className="pr-0">
          <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-warning-soft text-warning">
            <CreditCard aria-hidden="true" className="size-6" />
          </span>
          <DialogTitle>Your subscription has ended</DialogTitle>
          <DialogDescription>
            Renew your subscription to keep adding and changing events, clients and your profile. Your data is
            safe: you can still export everything or delete your account.
          </DialogDescription>
        </DialogHeader>
        {!user.emailVerified && (
          <p className="rounded-md bg-muted p-3 text-sm">
            Verify your email address before renewing: we send the link to {user.email}.
          </p>
        )}
        <div className="grid gap-2">
          {!user.emailVerified && (
            <Button variant="outline" isLoading={resend.isPending} onClick={() => resend.mutate(user.email)}>
              <Mail aria-hidden="true" />
              Send Verification Email
            </Button>
          )}
          <Button
            disabled={!user.emailVerified}
            isLoading={portal.isPending || checkout.isPending}
            onClick={renew}
          >
            <CreditCard aria-hidden="true" />
            Renew Subscription
          </Button>
          <Button
            variant="outline"
            isLoading={exportWorkbook.isPending}
            onClick={() => exportWorkbook.mutate()}
          >
            <Download aria-hidden="true" />
            Export All Data
          </Button>
          <Button variant="ghost" onClick={() => navigate(DELETION_PATH)}>
            <Trash2 aria-hidden="true" />
            Go to Account Deletion
          </Button>
        </div>
        <DialogFooter className="justify-start border-t border-border pt-3 text-sm text-muted-foreground sm:justify-start">
          <p>Status: {statusLabel(status.status)}</p>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
