import { KeyRound, Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import type { Passkey } from "../../../../shared/schemas/security.ts";
import { ConfirmDialog } from "../../../components/ui/alert-dialog.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { formatInstant } from "../../../lib/format.ts";
import { toast } from "../../../lib/toast.ts";
import { canUsePasskeys, describeFactorError } from "../api/passkey-ceremony.ts";
import { useAddPasskey, useRemovePasskey } from "../api/use-passkeys.ts";

const NAME_MAX = 100;

/** The account's passkeys: each with when it was added and last used, removable; and adding one. */
export function PasskeysCard({ passkeys }: { passkeys: Passkey[] }) {
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const remove = useRemovePasskey();

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing.id, {
      onSuccess: () => toast({ title: "Passkey removed", description: removing.name }),
      onError: (error) =>
        toast({
          title: "Error",
          description: describeFactorError(error, "The passkey could not be removed"),
          variant: "destructive",
        }),
      onSettled: () => setRemoving(null),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Passkeys</CardTitle>
        <CardDescription>
          Sign in with your fingerprint, face or device PIN instead of typing a password. A passkey counts as
          both steps of a sign-in.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {passkeys.length === 0 ? (
          <p className="text-sm text-muted-foreground">You have no passkeys yet.</p>
        ) : (
          <ul aria-label="Your passkeys" className="divide-y divide-border rounded-md border border-border">
            {passkeys.map((passkey) => (
              <li key={passkey.id} className="flex items-center gap-3 px-3 py-2.5">
                <KeyRound aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                <div className="grid min-w-0 flex-1 gap-0.5">
                  <span className="font-medium [overflow-wrap:anywhere]">{passkey.name}</span>
                  <span className="text-xs text-muted-foreground">
                    Added {formatInstant(passkey.createdAt)} ·{" "}
                    {passkey.lastUsedAt ? `last used ${formatInstant(passkey.lastUsedAt)}` : "never used"}
                  </span>
                </div>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove passkey ${passkey.name}`}
                  onClick={() => setRemoving(passkey)}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        )}
        <AddPasskeyForm />
      </CardContent>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && !remove.isPending && setRemoving(null)}
        title="Remove this passkey?"
        description={`"${removing?.name ?? ""}" will no longer sign you in. The device keeps it until you delete it there too.`}
        confirmLabel="Remove passkey"
        isDestructive
        isPending={remove.isPending}
        onConfirm={confirmRemove}
      />
    </Card>
  );
}

function AddPasskeyForm() {
  const add = useAddPasskey();
  const [name, setName] = useState("");
  const [error, setError] = useState<string>();
  const isSupported = canUsePasskeys();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError("Give the passkey a name, such as the device it is on");
      return;
    }
    setError(undefined);
    add.mutate(trimmed, {
      onSuccess: (passkey) => {
        setName("");
        toast({ title: "Passkey added", description: `You can now sign in with "${passkey.name}".` });
      },
      onError: (failure) => setError(describeFactorError(failure, "The passkey could not be added")),
    });
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-start">
      <FormField
        label="New passkey's name"
        error={error}
        description={isSupported ? undefined : "This browser cannot make passkeys."}
      >
        <Input
          value={name}
          maxLength={NAME_MAX}
          placeholder="e.g. MacBook Touch ID"
          disabled={!isSupported}
          onChange={(event) => setName(event.target.value)}
        />
      </FormField>
      <Button type="submit" className="sm:mt-6" isLoading={add.isPending} disabled={!isSupported}>
        <KeyRound aria-hidden="true" />
        Add a passkey
      </Button>
    </form>
  );
}
