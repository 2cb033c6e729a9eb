import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { z } from "zod";
import { resetPasswordSchema } from "../../../../shared/schemas/auth.ts";
import { Button } from "../../../components/ui/button.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { type ToastInput, toast } from "../../../lib/toast.ts";
import { useResetPassword } from "../api/use-reset-password.ts";
import { PasswordStrengthMeter } from "./password-strength-meter.tsx";

/** Spec §2: after a successful reset the visitor goes to /auth after 2 s. */
export const RESET_SUCCESS_REDIRECT_MS = 2000;

const newPasswordFormSchema = z
  .object({
    password: resetPasswordSchema.shape.password,
    confirmPassword: z.string().min(1, "Please confirm your new password"),
  })
  .refine((values) => values.password === values.confirmPassword, {
    path: ["confirmPassword"],
    message: "Passwords do not match",
  });
type NewPasswordValues = z.infer<typeof newPasswordFormSchema>;

type NewPasswordFormProps = {
  token: string;
  successToast: ToastInput;
  /** The failure toast; the two reset pages word it differently (spec §8). */
  failureToast: (error: Error) => ToastInput;
};

/** The new-password form of both reset pages, with the strength meter; validates on blur. */
export function NewPasswordForm({ token, successToast, failureToast }: NewPasswordFormProps) {
  const navigate = useNavigate();
  const reset = useResetPassword();
  const form = useForm<NewPasswordValues>({
    resolver: zodResolver(newPasswordFormSchema),
    mode: "onBlur",
    defaultValues: { password: "", confirmPassword: "" },
  });
  const { errors } = form.formState;

  useEffect(() => {
    if (!reset.isSuccess) return;
    const timer = setTimeout(() => navigate("/auth", { replace: true }), RESET_SUCCESS_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [reset.isSuccess, navigate]);

  if (reset.isSuccess) {
    return (
      <p role="status" className="text-muted-foreground">
        Your password has been changed. Taking you to the sign-in page…
      </p>
    );
  }

  const submit = form.handleSubmit(({ password }) =>
    reset.mutate(
      { token, password },
      { onSuccess: () => toast(successToast), onError: (error) => toast(failureToast(error)) },
    ),
  );

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <FormField
        label="New password"
        error={errors.password?.message}
        footer={<PasswordStrengthMeter password={form.watch("password")} />}
      >
        <Input type="password" autoComplete="new-password" {...form.register("password")} />
      </FormField>
      <FormField label="Confirm new password" error={errors.confirmPassword?.message}>
        <Input type="password" autoComplete="new-password" {...form.register("confirmPassword")} />
      </FormField>
      <Button type="submit" size="lg" className="mt-2 w-full" isLoading={reset.isPending}>
        Reset password
      </Button>
    </form>
  );
}
