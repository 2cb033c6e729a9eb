import { zodResolver } from "@hookform/resolvers/zod";
import { KeyRound } from "lucide-react";
import { useForm } from "react-hook-form";
import { type LoginInput, loginSchema } from "../../../../shared/schemas/auth.ts";
import { Button } from "../../../components/ui/button.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { describeError } from "../../../lib/api.ts";
import { showServerFieldErrors } from "../../../lib/form-errors.ts";
import { useLogin } from "../../auth/api/use-login.ts";
import { usePasskeyLogin } from "../../auth/api/use-passkey-login.ts";
import { describeFactorError } from "../../security/api/passkey-ceremony.ts";
import type { AuthMode } from "./auth-mode.ts";
import { ModeLink } from "./mode-link.tsx";
import { PasswordInput } from "./password-input.tsx";
import { SecondFactorStep } from "./second-factor-step.tsx";

/**
 * Sign in with the username and password (then a second step when the account has a second factor on), or
 * with a passkey alone; the hooks show the spec's toasts and open the dashboard.
 */
export function LoginForm({ onModeChange }: { onModeChange: (mode: AuthMode) => void }) {
  const login = useLogin();
  const passkeyLogin = usePasskeyLogin();
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    mode: "onBlur",
    defaultValues: { username: "", password: "" },
  });

  const submit = handleSubmit((values) =>
    login.mutate(values, {
      onError: (error) => {
        if (showServerFieldErrors(error, setError, ["username", "password"])) return;
        // Said on the form too, beside the fields, not only in a toast in the corner (issue 12, item 10).
        setError("root.server", { message: describeError(error, "Login failed") });
      },
    }),
  );

  const signInWithPasskey = () =>
    passkeyLogin.mutate(undefined, {
      onError: (error) =>
        setError("root.server", { message: describeFactorError(error, "Passkey sign-in failed") }),
    });

  if (login.data && "secondFactor" in login.data) {
    return <SecondFactorStep methods={login.data.secondFactor} onStartOver={() => login.reset()} />;
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      onChange={() => errors.root?.server && clearErrors("root.server")}
      className="grid gap-4"
    >
      <FormField label="Username" error={errors.username?.message}>
        <Input autoComplete="username" autoCapitalize="none" spellCheck={false} {...register("username")} />
      </FormField>
      <FormField label="Password" error={errors.password?.message}>
        <PasswordInput autoComplete="current-password" {...register("password")} />
      </FormField>
      {errors.root?.server && (
        <p role="alert" className="-mt-1 text-sm font-medium text-destructive">
          {errors.root.server.message}
        </p>
      )}
      <div className="-mt-1 flex flex-wrap justify-between gap-x-4 gap-y-1 text-sm">
        <ModeLink onClick={() => onModeChange("forgot-password")}>Forgot password?</ModeLink>
        <ModeLink onClick={() => onModeChange("recover-username")}>Forgot username?</ModeLink>
      </div>
      <Button
        type="submit"
        size="lg"
        className="w-full"
        isLoading={login.isPending}
        onMouseDown={(event) => event.preventDefault()}
      >
        Sign In
      </Button>
      <div className="flex items-center gap-3 text-xs text-muted-foreground uppercase" aria-hidden="true">
        <span className="h-px flex-1 bg-border" />
        or
        <span className="h-px flex-1 bg-border" />
      </div>
      <Button
        variant="outline"
        size="lg"
        className="w-full"
        isLoading={passkeyLogin.isPending}
        disabled={login.isPending}
        onClick={signInWithPasskey}
      >
        <KeyRound aria-hidden="true" />
        Sign in with a passkey
      </Button>
      <p className="text-center text-sm text-muted-foreground">
        New to Podium? <ModeLink onClick={() => onModeChange("register")}>Create account</ModeLink>
      </p>
    </form>
  );
}
