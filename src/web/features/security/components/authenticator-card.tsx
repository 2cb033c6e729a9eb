import { ShieldCheck } from "lucide-react";
import { useState } from "react";
import { RECOVERY_CODE_COUNT, type Security } from "../../../../shared/schemas/security.ts";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { toast } from "../../../lib/toast.ts";
import { describeFactorError } from "../api/passkey-ceremony.ts";
import { useDisableTotp, useRenewRecoveryCodes, useStartTotpSetup } from "../api/use-totp.ts";
import { ProofForm } from "./proof-form.tsx";
import { RecoveryCodesPanel } from "./recovery-codes-panel.tsx";
import { TotpSetupPanel } from "./totp-setup-panel.tsx";

/** Few enough recovery codes left that the speaker should make new ones. */
const LOW_RECOVERY_CODES = 3;

/**
 * Authenticator-app codes asked after the password: set up with a QR code and a first code, the recovery
 * codes shown once, how many are left, and turning it off with a code or the password.
 */
export function AuthenticatorCard({ security }: { security: Security }) {
  const setup = useStartTotpSetup();
  const disable = useDisableTotp();
  const renew = useRenewRecoveryCodes();
  const [isTurningOff, setIsTurningOff] = useState(false);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const isOn = security.totp.enabled;

  const startSetup = () =>
    setup.mutate(undefined, {
      onError: (error) =>
        toast({
          title: "Error",
          description: describeFactorError(error, "The set-up could not start"),
          variant: "destructive",
        }),
    });

  const renewCodes = () =>
    renew.mutate(undefined, {
      onSuccess: (answer) => setRecoveryCodes(answer.recoveryCodes),
      onError: (error) =>
        toast({
          title: "Error",
          description: describeFactorError(error, "New recovery codes could not be made"),
          variant: "destructive",
        }),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          Authenticator app
          <Badge variant={isOn ? "success" : "neutral"}>{isOn ? "On" : "Off"}</Badge>
        </CardTitle>
        <CardDescription>
          After your password, sign-in asks for the 6-digit code an app such as 1Password, Google
          Authenticator or Authy shows.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {recoveryCodes ? (
          <RecoveryCodesPanel codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />
        ) : setup.data && !isOn ? (
          <TotpSetupPanel setup={setup.data} onEnabled={setRecoveryCodes} onCancel={() => setup.reset()} />
        ) : isOn ? (
          <>
            <p className="text-sm">
              <span className="font-medium">
                {security.recoveryCodesLeft} of {RECOVERY_CODE_COUNT}
              </span>{" "}
              recovery codes left.
              {security.recoveryCodesLeft < LOW_RECOVERY_CODES && " Make a new set before they run out."}
            </p>
            {isTurningOff ? (
              <ProofForm
                methods={["totp", "password"]}
                submitLabel="Turn off"
                onProof={async (proof) => {
                  await disable.mutateAsync(proof);
                  setIsTurningOff(false);
                  toast({
                    title: "Authenticator app turned off",
                    description: "Sign-in asks for your password only.",
                  });
                }}
                actions={
                  <Button variant="outline" onClick={() => setIsTurningOff(false)}>
                    Cancel
                  </Button>
                }
              />
            ) : (
              <div className="flex flex-wrap gap-2">
                <Button variant="outline" onClick={renewCodes} isLoading={renew.isPending}>
                  Make new recovery codes
                </Button>
                <Button variant="outline" onClick={() => setIsTurningOff(true)}>
                  Turn off
                </Button>
              </div>
            )}
          </>
        ) : (
          <div>
            <Button onClick={startSetup} isLoading={setup.isPending}>
              <ShieldCheck aria-hidden="true" />
              Set up authenticator app
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
