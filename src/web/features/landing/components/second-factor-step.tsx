import type { SecondFactorMethod } from "../../../../shared/schemas/security.ts";
import { useSecondFactorLogin } from "../../auth/api/use-second-factor-login.ts";
import { ProofForm } from "../../security/components/proof-form.tsx";
import { ModeLink } from "./mode-link.tsx";

/** The order the second step offers the ways: a code from the app first, the passkey, a recovery code last. */
const PREFERENCE: SecondFactorMethod[] = ["totp", "passkey", "recovery"];

type SecondFactorStepProps = {
  /** The ways the server accepts for this account (`{ secondFactor }` of POST /api/login). */
  methods: readonly SecondFactorMethod[];
  onStartOver: () => void;
};

/** After a right password, with a second factor on: the session starts only once this step is passed. */
export function SecondFactorStep({ methods, onStartOver }: SecondFactorStepProps) {
  const secondFactor = useSecondFactorLogin();
  return (
    <div className="grid gap-4">
      <div className="grid gap-1">
        <h3 className="font-semibold">Two-step sign-in</h3>
        <p className="text-sm text-muted-foreground">
          Your password is right. Now confirm it's you with your authenticator app, a passkey or a recovery
          code.
        </p>
      </div>
      <ProofForm
        methods={PREFERENCE.filter((method) => methods.includes(method))}
        submitLabel="Sign In"
        onProof={(proof) => secondFactor.mutateAsync(proof)}
      />
      <p className="text-center text-sm text-muted-foreground">
        Not you, or wrong account? <ModeLink onClick={onStartOver}>Start over</ModeLink>
      </p>
    </div>
  );
}
