import { Copy } from "lucide-react";
import { type FormEvent, useState } from "react";
import { type TotpSetup, totpCodeSchema } from "../../../../shared/schemas/security.ts";
import { Button } from "../../../components/ui/button.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { copyText } from "../../../lib/copy-text.ts";
import { describeFactorError } from "../api/passkey-ceremony.ts";
import { useEnableTotp } from "../api/use-totp.ts";

type TotpSetupPanelProps = {
  setup: TotpSetup;
  /** Called with the recovery codes once the first code turned the app on. */
  onEnabled: (recoveryCodes: string[]) => void;
  onCancel: () => void;
};

/** "ABCD EFGH …": the secret in groups of four, as people type it into an app. */
const groupsOfFour = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

/** Scan the QR code (or type the key), then confirm with the first code: only then is the app on. */
export function TotpSetupPanel({ setup, onEnabled, onCancel }: TotpSetupPanelProps) {
  const enable = useEnableTotp();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = totpCodeSchema.safeParse(code);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    enable.mutate(parsed.data, {
      onSuccess: ({ recoveryCodes }) => onEnabled(recoveryCodes),
      onError: (failure) => setError(describeFactorError(failure, "The code could not be checked")),
    });
  };

  return (
    <div className="grid gap-5">
      <div className="grid gap-4 sm:grid-cols-[auto_1fr] sm:items-start">
        <img
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`}
          alt="QR code to scan with your authenticator app"
          width={176}
          height={176}
          className="size-44 rounded-md border border-border bg-white p-2"
        />
        <div className="grid gap-2 text-sm">
          <p>
            <span className="font-medium">1.</span> Scan this QR code with your authenticator app.
          </p>
          <p className="text-muted-foreground">Can't scan it? Enter this key in the app instead:</p>
          <div className="flex items-center gap-2">
            <code data-testid="totp-secret" className="rounded bg-muted px-2 py-1 font-mono">
              {groupsOfFour(setup.secret)}
            </code>
            <Button
              variant="ghost"
              size="icon"
              aria-label="Copy the key"
              onClick={() =>
                copyText(setup.secret, { title: "Copied", description: "The key is on the clipboard." })
              }
            >
              <Copy aria-hidden="true" />
            </Button>
          </div>
        </div>
      </div>
      <form noValidate onSubmit={submit} className="grid gap-3">
        <FormField label="2. Enter the 6-digit code the app shows" error={error}>
          <Input
            value={code}
            onChange={(event) => setCode(event.target.value)}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={7}
            className="max-w-40 font-mono tracking-widest"
          />
        </FormField>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" isLoading={enable.isPending}>
            Turn on
          </Button>
          <Button variant="outline" onClick={onCancel} disabled={enable.isPending}>
            Cancel
          </Button>
        </div>
      </form>
    </div>
  );
}
