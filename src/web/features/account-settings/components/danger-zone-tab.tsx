import { FileSpreadsheet, TriangleAlert } from "lucide-react";
import { type FormEvent, useState } from "react";
import { ConfirmDialog } from "../../../components/ui/alert-dialog.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { ApiError, describeError } from "../../../lib/api.ts";
import { toast } from "../../../lib/toast.ts";
import { PasswordInput } from "../../landing/components/password-input.tsx";
import { useDeleteAccount } from "../api/use-delete-account.ts";
import { useExportWorkbook } from "../api/use-export-workbook.ts";

const CONFIRMATION_WORD = "DELETE";

/** Danger Zone (spec §2, `?tab=danger`): deleting the account, after the password and a typed DELETE. */
export function DangerZoneTab() {
  const deleteAccount = useDeleteAccount();
  const exportWorkbook = useExportWorkbook();
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [passwordError, setPasswordError] = useState<string>();
  const [isConfirmOpen, setIsConfirmOpen] = useState(false);
  const isReady = password.length > 0 && confirmation.trim() === CONFIRMATION_WORD;

  const askToConfirm = (event: FormEvent) => {
    event.preventDefault();
    if (isReady) setIsConfirmOpen(true);
  };

  const deleteNow = () =>
    deleteAccount.mutate(
      { password },
      {
        onError: (error) => {
          setIsConfirmOpen(false);
          const fieldMessage = error instanceof ApiError ? error.fields.password : undefined;
          if (fieldMessage) {
            setPasswordError(fieldMessage);
            return;
          }
          toast({
            title: "Error",
            description: describeError(error, "Failed to delete your account. Please try again."),
            variant: "destructive",
          });
        },
      },
    );

  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-destructive">
          <TriangleAlert aria-hidden="true" className="size-5" />
          Delete your account
        </CardTitle>
        <CardDescription>
          This permanently deletes your account with all its events, clients, bureau partners, profile and
          files, and signs you out on every device. It cannot be undone.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <div className="flex flex-col gap-3 rounded-md bg-muted px-4 py-3 sm:flex-row sm:items-center">
          <p className="flex-1 text-sm">
            Keep a copy first: the backup workbook can be imported into a new account.
          </p>
          <Button
            variant="outline"
            size="sm"
            isLoading={exportWorkbook.isPending}
            onClick={() => exportWorkbook.mutate()}
          >
            {!exportWorkbook.isPending && <FileSpreadsheet aria-hidden="true" />}
            Export All Data
          </Button>
        </div>
        <form noValidate onSubmit={askToConfirm} className="grid max-w-md gap-4">
          <FormField label="Your password" error={passwordError}>
            <PasswordInput
              autoComplete="current-password"
              value={password}
              onChange={(event) => {
                setPassword(event.target.value);
                setPasswordError(undefined);
              }}
            />
          </FormField>
          <FormField
            label={
              <>
                Type <span className="font-mono font-semibold">{CONFIRMATION_WORD}</span> to confirm
              </>
            }
          >
            <Input
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              value={confirmation}
              onChange={(event) => setConfirmation(event.target.value)}
            />
          </FormField>
          <div>
            <Button
              type="submit"
              variant="destructive"
              disabled={!isReady}
              isLoading={deleteAccount.isPending}
            >
              Delete account
            </Button>
          </div>
        </form>
      </CardContent>
      <ConfirmDialog
        open={isConfirmOpen}
        onOpenChange={(open) => {
          if (!deleteAccount.isPending) setIsConfirmOpen(open);
        }}
        title="Delete your account for good?"
        description="Your account and everything in it will be deleted right away. There is no way to get it back."
        confirmLabel="Delete my account"
        isDestructive
        isPending={deleteAccount.isPending}
        onConfirm={deleteNow}
      />
    </Card>
  );
}
