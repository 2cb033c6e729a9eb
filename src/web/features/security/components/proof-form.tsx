import { KeyRound } from "lucide-react";
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { z } from "zod";
import {
  recoveryCodeSchema,
  totpCodeSchema,
  type WebauthnResponse,
} from "../../../../shared/schemas/security.ts";
import { Button } from "../../../components/ui/button.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { PasswordInput } from "../../landing/components/password-input.tsx";
import { describeFactorError, signChallengeWithPasskey } from "../api/passkey-ceremony.ts";

/** The ways a person can prove it is them: typed (password, app code, recovery code) or a passkey. */
export type ProofMethod = "password" | "totp" | "recovery" | "passkey";
type TypedMethod = Exclude<ProofMethod, "passkey">;

type ProofByMethod = {
  password: { password: string };
  totp: { code: string };
  recovery: { recoveryCode: string };
  passkey: { passkey: WebauthnResponse };
};
/** One proof, shaped as the server's bodies take it (DESIGN §11: reauth, second factor, turning TOTP off). */
export type Proof<M extends ProofMethod = ProofMethod> = ProofByMethod[M];

const typedMethods: Record<
  TypedMethod,
  { label: string; switchLabel: string; schema: z.ZodType<string, string>; toProof: (value: string) => Proof }
> = {
  totp: {
    label: "6-digit code from your authenticator app",
    switchLabel: "Use a code from your authenticator app",
    schema: totpCodeSchema,
    toProof: (code) => ({ code }),
  },
  recovery: {
    label: "Recovery code",
    switchLabel: "Use a recovery code",
    schema: recoveryCodeSchema,
    toProof: (recoveryCode) => ({ recoveryCode }),
  },
  password: {
    label: "Password",
    switchLabel: "Use your password",
    schema: z.string().min(1, "Password is required"),
    toProof: (password) => ({ password }),
  },
};

type ProofFormProps<M extends ProofMethod> = {
  /** In order of preference: the first typed one is asked first. */
  methods: readonly M[];
  submitLabel: string;
  /** Sends the proof; a rejection is shown on the form in plain words. */
  onProof: (proof: Proof<M>) => Promise<unknown>;
  /** Extra buttons beside the submit button (e.g. Cancel). */
  actions?: ReactNode;
};

/**
 * Asks for one proof of identity, with links to the other ways the account offers and a passkey button:
 * the second step of a sign-in, the fresh check, and turning the authenticator app off.
 */
export function ProofForm<M extends ProofMethod>({
  methods,
  submitLabel,
  onProof,
  actions,
}: ProofFormProps<M>) {
  const typed = methods.filter((method): method is M & TypedMethod => method !== "passkey");
  const offersPasskey = methods.some((method) => method === "passkey");
  const [method, setMethod] = useState<TypedMethod | undefined>(typed[0]);
  const [value, setValue] = useState("");
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState<"typed" | "passkey" | null>(null);
  const fieldRef = useRef<HTMLInputElement>(null);

  // The field is what the person came to fill: focused when the form appears and when they switch ways.
  useEffect(() => {
    if (method) fieldRef.current?.focus();
  }, [method]);

  const send = async (proof: Proof, kind: "typed" | "passkey") => {
    setPending(kind);
    setError(undefined);
    try {
      // Every proof made here is of one of `methods`.
      await onProof(proof as Proof<M>);
    } catch (failure) {
      setError(describeFactorError(failure, "That did not work. Try again."));
    } finally {
      setPending(null);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!method) return;
    const parsed = typedMethods[method].schema.safeParse(value);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    void send(typedMethods[method].toProof(parsed.data), "typed");
  };

  const usePasskey = async () => {
    setPending("passkey");
    setError(undefined);
    try {
      const passkey = await signChallengeWithPasskey();
      await send({ passkey }, "passkey");
    } catch (failure) {
      setError(describeFactorError(failure, "That passkey could not be used. Try again."));
      setPending(null);
    }
  };

  const switchTo = (next: TypedMethod) => {
    setMethod(next);
    setValue("");
    setError(undefined);
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      {method && (
        <FormField label={typedMethods[method].label} error={error}>
          {method === "password" ? (
            <PasswordInput
              ref={fieldRef}
              autoComplete="current-password"
              value={value}
              onChange={(event) => setValue(event.target.value)}
            />
          ) : (
            <Input
              key={method}
              ref={fieldRef}
              value={value}
              onChange={(event) => setValue(event.target.value)}
              autoComplete={method === "totp" ? "one-time-code" : "off"}
              inputMode={method === "totp" ? "numeric" : "text"}
              autoCapitalize="none"
              spellCheck={false}
              className="font-mono tracking-widest"
              maxLength={method === "totp" ? 7 : 11}
            />
          )}
        </FormField>
      )}
      {!method && error && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {actions}
        {method && (
          <Button
            type="submit"
            className={actions ? undefined : "w-full"}
            isLoading={pending === "typed"}
            disabled={pending !== null}
          >
            {submitLabel}
          </Button>
        )}
      </div>
      {(typed.length > 1 || offersPasskey) && (
        <div className="grid gap-2 border-t border-border pt-4">
          {offersPasskey && (
            <Button
              variant="outline"
              isLoading={pending === "passkey"}
              disabled={pending !== null}
              onClick={usePasskey}
            >
              <KeyRound aria-hidden="true" />
              Use a passkey
            </Button>
          )}
          {typed
            .filter((other) => other !== method)
            .map((other) => (
              <Button key={other} variant="link" className="h-auto py-1" onClick={() => switchTo(other)}>
                {typedMethods[other].switchLabel}
              </Button>
            ))}
        </div>
      )}
    </form>
  );
}
