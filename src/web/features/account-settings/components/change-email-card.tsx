import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo } from "react";
import { useForm } from "react-hook-form";
import { type UpdateAccountInput, type User, updateAccountSchema } from "../../../../shared/schemas/auth.ts";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { describeError } from "../../../lib/api.ts";
import { showServerFieldErrors } from "../../../lib/form-errors.ts";
import { toast } from "../../../lib/toast.ts";
import { PasswordInput } from "../../landing/components/password-input.tsx";
import { useUpdateEmail } from "../api/use-update-email.ts";
import { SubmitButton } from "./submit-button.tsx";

/** Asks to change the sign-in e-mail; the change is made when the link sent to the new address is opened. */
export function ChangeEmailCard({ user }: { user: User }) {
  const updateEmail = useUpdateEmail();
  // The server accepts the current address and changes nothing; saying so here is clearer.
  const schema = useMemo(
    () =>
      updateAccountSchema.refine((input) => input.email.toLowerCase() !== user.email.toLowerCase(), {
        path: ["email"],
        message: "This is already your e-mail address",
      }),
    [user.email],
  );
  const form = useForm<UpdateAccountInput>({
    resolver: zodResolver(schema),
    mode: "onBlur",
    defaultValues: { email: "", currentPassword: "" },
  });

  const submit = form.handleSubmit((input) =>
    updateEmail.mutate(input, {
      onSuccess: ({ message }) => {
        form.reset({ email: "", currentPassword: "" });
        toast({ title: "Check your inbox", description: message });
      },
      onError: (error) => {
        if (showServerFieldErrors(error, form.setError, ["email", "currentPassword"])) return;
        toast({
          title: "Error",
          description: describeError(error, "Failed to update email"),
          variant: "destructive",
        });
      },
    }),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>Change e-mail</CardTitle>
        <CardDescription>
          Enter your current password to confirm. Your sign-in e-mail changes when you open the link we send
          to the new address. Your current address is told, and your other devices are signed out.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <FormField label="New e-mail address" error={form.formState.errors.email?.message}>
            <Input type="email" autoComplete="email" {...form.register("email")} />
          </FormField>
          <FormField label="Current password" error={form.formState.errors.currentPassword?.message}>
            <PasswordInput autoComplete="current-password" {...form.register("currentPassword")} />
          </FormField>
          <div>
            <SubmitButton isLoading={updateEmail.isPending}>Change e-mail</SubmitButton>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
