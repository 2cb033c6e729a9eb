import { REAUTH_MINUTES } from "../../../../shared/schemas/security.ts";
import { Button } from "../../../components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { useReauth } from "../api/use-reauth.ts";
import { useSecurity } from "../api/use-security.ts";
import { ProofForm, type ProofMethod } from "./proof-form.tsx";

type ReauthDialogProps = { onDone: (isConfirmed: boolean) => void };

/**
 * The fresh check asked in place (DESIGN §11): the password, an authenticator code or a passkey, whichever
 * the account has; once the server accepts it, the refused action is sent again by the API client.
 */
export default function ReauthDialog({ onDone }: ReauthDialogProps) {
  const security = useSecurity();
  const reauth = useReauth();
  const methods: Exclude<ProofMethod, "recovery">[] = ["password"];
  if (security.data?.totp.enabled) methods.unshift("totp");
  if (security.data?.passkeys.length) methods.push("passkey");

  return (
    <Dialog open onOpenChange={(isOpen) => !isOpen && onDone(false)}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Confirm it's you</DialogTitle>
          <DialogDescription>
            This change needs a fresh check. You won't be asked again for the next {REAUTH_MINUTES} minutes.
          </DialogDescription>
        </DialogHeader>
        {security.isPending ? (
          <Spinner label="Loading" className="size-6 text-primary" />
        ) : (
          <ProofForm
            methods={methods}
            submitLabel="Confirm"
            onProof={async (proof) => {
              await reauth.mutateAsync(proof);
              onDone(true);
            }}
            actions={
              <Button variant="outline" onClick={() => onDone(false)}>
                Cancel
              </Button>
            }
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
