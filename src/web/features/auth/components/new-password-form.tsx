import { zodResolver } from "@hookform/resolvers/zod";
import { type ReactNode, useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { z } from "zod";
import { resetPasswordSchema } from "../../../../shared/schemas/auth.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { ApiError } from "../../../lib/api.ts";
import { type ToastInput, toast } from "../../../lib/toast.ts";
import { useForgotPassword } from "../../landing/api/use-forgot-password.ts";
import { EmailRequestForm } from "../../landing/components/email-request-form.tsx";
import { useResetLinkCheck, useResetPassword } from "../api/use-reset-password.ts";
import { PasswordStrengthMeter } from "./password-strength-meter.tsx";

/** Spec §2: after a successful reset the visitor goes to /auth after 2 s. */
export const RESET_SUCCESS_REDIRECT_MS = 2000;

const newPasswordFormSchema = z
  .object({
    password: resetPasswordSchema.shape.password,
    confirmPassword: z.string().min(1, "Please confirm your new password"),
    removePasskeys: z.boolean(),
  })
  .refine((values) => values.password === values.confirmPassword, {
    path: ["confirmPassword"],
    message: "Passwords do not match",
  });
type NewPasswordValues = z.infer<typeof newPasswordFormSchema>;

type NewPasswordFormProps = {
  token: string;
  /** The card's heading and the line under it while the link is good. */
  title: string;
  description: ReactNode;
  successToast: ToastInput;
  /** The failure toast; the two reset pages word it differently (spec §8). */
  failureToast: (error: Error) => ToastInput;
};

/**
 * The new-password form of both reset pages. The link is checked first, so a used or expired one is said at
 * once, with a way to ask for a new one, instead of after the password was typed twice.
 */
export function NewPasswordForm({ title, description, ...form }: NewPasswordFormProps) {
  const check = useResetLinkCheck(form.token);
  // Only the server's refusal means the link is spent; when the check itself could not run, the form's own
  // answer will tell.
  const isSpent = check.error instanceof ApiError && check.error.status === 400;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h1" className="text-2xl">
          {isSpent ? "Invalid Reset Link" : title}
        </CardTitle>
        <CardDescription>
          {isSpent
            ? "The password reset link is invalid or has expired. Reset links work once and for one hour."
            : description}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {check.isPending ? (
          <Spinner label="Checking your link…" className="size-6 text-primary" />
        ) : isSpent ? (
          <NewResetLinkRequest />
        ) : (
          <PasswordFields {...form} />
        )}
      </CardContent>
    </Card>
  );
}

function NewResetLinkRequest() {
  const [asking, setAsking] = useState(false);
  const [sent, setSent] = useState(false);
  const forgotPassword = useForgotPassword({ onSuccess: () => setSent(true) });
  if (sent) {
    return (
      <p role="status" className="text-muted-foreground">
        Check your email for instructions to reset your password.
      </p>
    );
  }
  return asking ? (
    <EmailRequestForm request={forgotPassword} submitLabel="Send Reset Link" />
  ) : (
    <Button size="lg" className="w-full" onClick={() => setAsking(true)}>
      Send a new link
    </Button>
  );
}

/** The two password fields with the strength meter; validates on blur. */
function PasswordFields({
  token,
  successToast,
  failureToast,
}: Omit<NewPasswordFormProps, "title" | "description">) {
  const navigate = useNavigate();
  const reset = useResetPassword();
  const form = useForm<NewPasswordValues>({
    resolver: zodResolver(newPasswordFormSchema),
    mode: "onBlur",
    defaultValues: { password: "", confirmPassword: "", removePasskeys: false },
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

  const submit = form.handleSubmit(({ password, removePasskeys }) =>
    reset.mutate(
      { token, password, removePasskeys },
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
      <label className="flex items-start gap-3 rounded-md border border-border p-3 text-sm">
        <input
          type="checkbox"
          className="mt-0.5 size-4 shrink-0 accent-primary"
          aria-describedby="remove-passkeys-help"
          {...form.register("removePasskeys")}
        />
        <span className="grid gap-1">
          <span className="font-medium">Sign out everywhere and remove my passkeys</span>
          <span id="remove-passkeys-help" className="text-muted-foreground">
            Tick this if someone else may have used your account. Every passkey stops working, so only the new
            password signs in; an authenticator app stays on. You can add your passkeys again afterwards.
          </span>
        </span>
      </label>
      <Button type="submit" size="lg" className="mt-2 w-full" isLoading={reset.isPending}>
        Reset password
      </Button>
    </form>
  );
}
