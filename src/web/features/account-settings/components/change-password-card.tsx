import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { changePasswordSchema } from "../../../../shared/schemas/auth.ts";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { describeError } from "../../../lib/api.ts";
import { showServerFieldErrors } from "../../../lib/form-errors.ts";
import { toast } from "../../../lib/toast.ts";
import { PasswordStrengthMeter } from "../../auth/components/password-strength-meter.tsx";
import { PasswordInput } from "../../landing/components/password-input.tsx";
import { useChangePassword } from "../api/use-change-password.ts";
import { SubmitButton } from "./submit-button.tsx";

const changePasswordFormSchema = changePasswordSchema
  .extend({ confirmPassword: z.string().min(1, "Please confirm your new password") })
  .refine((values) => values.newPassword === values.confirmPassword, {
    path: ["confirmPassword"],
    message: "Passwords do not match",
  });
type ChangePasswordValues = z.infer<typeof changePasswordFormSchema>;

const emptyValues: ChangePasswordValues = { currentPassword: "", newPassword: "", confirmPassword: "" };

/** Changes the password after checking the current one; other devices are signed out. */
export function ChangePasswordCard() {
  const changePassword = useChangePassword();
  const form = useForm<ChangePasswordValues>({
    resolver: zodResolver(changePasswordFormSchema),
    mode: "onBlur",
    defaultValues: emptyValues,
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(({ currentPassword, newPassword }) =>
    changePassword.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          form.reset(emptyValues);
          toast({ title: "Password Updated", description: "You can now log in with your new password." });
        },
        onError: (error) => {
          if (showServerFieldErrors(error, form.setError, ["currentPassword", "newPassword"])) return;
          toast({
            title: "Error",
            description: describeError(error, "Failed to update password"),
            variant: "destructive",
          });
        },
      },
    ),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>Change password</CardTitle>
        <CardDescription>Other devices signed in to your account are signed out.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <FormField label="Current password" error={errors.currentPassword?.message}>
            <PasswordInput autoComplete="current-password" {...form.register("currentPassword")} />
          </FormField>
          <FormField
            label="New password"
            error={errors.newPassword?.message}
            footer={<PasswordStrengthMeter password={form.watch("newPassword")} />}
          >
            <PasswordInput autoComplete="new-password" {...form.register("newPassword")} />
          </FormField>
          <FormField label="Confirm new password" error={errors.confirmPassword?.message}>
            <PasswordInput autoComplete="new-password" {...form.register("confirmPassword")} />
          </FormField>
          <div>
            <SubmitButton isLoading={changePassword.isPending}>Change password</SubmitButton>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
