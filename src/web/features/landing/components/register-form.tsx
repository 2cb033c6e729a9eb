import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { type RegisterInput, registerSchema, type User } from "../../../../shared/schemas/auth.ts";
import { Button } from "../../../components/ui/button.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { showServerFieldErrors } from "../../../lib/form-errors.ts";
import { useRegister } from "../../auth/api/use-register.ts";
import { PasswordStrengthMeter } from "../../auth/components/password-strength-meter.tsx";
import { PasswordInput } from "./password-input.tsx";

type RegisterFormProps = {
  submitLabel: string;
  /** The address to start with (the join page's invited one). */
  defaultEmail?: string;
  /** Instead of opening the dashboard, what happens once the account exists (see useRegister). */
  onRegistered?: (user: User) => void;
};

/**
 * Creates an account (used by the auth modal, the inline signup form and the join page); the hook shows the
 * spec's toasts and opens the dashboard. Field messages from a 400 or 409 answer appear under their fields.
 */
export function RegisterForm({ submitLabel, defaultEmail = "", onRegistered }: RegisterFormProps) {
  const registerAccount = useRegister({ onRegistered });
  // Arriving from /promo-test: the code travels with the registration (an unknown one is refused).
  // Read after mounting, not from a router: the landing page is prerendered and hydrated without one.
  const [promoCode, setPromoCode] = useState<string | undefined>();
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors },
  } = useForm<RegisterInput>({
    resolver: zodResolver(registerSchema),
    // Checked when a field is left, then on every change: a stale message clears as the value becomes
    // valid, not on the later blur that a click on the button causes (issue 12, item 2).
    mode: "onTouched",
    defaultValues: { username: "", email: defaultEmail, password: "" },
  });
  useEffect(() => {
    const code = new URLSearchParams(window.location.search).get("promo")?.trim() || undefined;
    setPromoCode(code);
    setValue("promoCode", code);
  }, [setValue]);

  const submit = handleSubmit((values) =>
    registerAccount.mutate(values, {
      onError: (error) =>
        showServerFieldErrors(error, setError, ["username", "email", "password", "promoCode"]),
    }),
  );

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <FormField
        label="Username"
        error={errors.username?.message}
        description="3–50 letters, numbers, underscores or hyphens"
      >
        <Input autoComplete="username" autoCapitalize="none" spellCheck={false} {...register("username")} />
      </FormField>
      <FormField label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...register("email")} />
      </FormField>
      <FormField
        label="Password"
        error={errors.password?.message}
        footer={<PasswordStrengthMeter password={watch("password")} />}
      >
        <PasswordInput autoComplete="new-password" {...register("password")} />
      </FormField>
      {promoCode && (
        <p className="rounded-md bg-success-soft p-3 text-sm">
          Promotional code <strong>{promoCode}</strong> will be applied to your account.
        </p>
      )}
      {errors.promoCode?.message && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {errors.promoCode.message}
        </p>
      )}
      <Button
        type="submit"
        size="lg"
        className="w-full"
        isLoading={registerAccount.isPending}
        // Pressing the button does not take the focus from the field first, so no message appears or
        // disappears (moving the button) between the press and the release: the click always lands.
        onMouseDown={(event) => event.preventDefault()}
      >
        {submitLabel}
      </Button>
    </form>
  );
}
