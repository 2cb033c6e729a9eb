import { type FormEvent, type ReactNode, useState } from "react";
import { ApiError, describeError } from "../../../lib/api.ts";
import { PUBLIC_BUTTON, PUBLIC_BUTTON_SECONDARY } from "../../../public-pages/public-link.tsx";
import { type SignatureDraft, SignatureInput } from "./signature-input.tsx";

/** What the signer gives: the consent, the typed full name and the drawn signature (or none: the name is drawn). */
export type SignatureGiven = { consent: boolean; typedName: string; signatureImage: string | null };

/**
 * The signer's side of an agreement, shared by `/sign/<token>` and the booking page `/b/<token>`: the
 * disclosure, the consent to do business electronically, the typed name and drawn signature, and Sign.
 * `sign` posts them with the hash of the text shown; a 409 (the agreement changed since it was read)
 * offers to reload it. `children` come below Sign (the sign page's "Decline to sign").
 */
export function SignAgreementForm({
  disclosure,
  sign,
  children,
}: {
  disclosure: string[];
  sign: (signature: SignatureGiven) => Promise<unknown>;
  children?: ReactNode;
}) {
  const [consent, setConsent] = useState(false);
  const [signature, setSignature] = useState<SignatureDraft | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** The server answered 409 to the signature: what was read here is not what is on file now. */
  const [mustReload, setMustReload] = useState(false);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!signature) return;
    setPending(true);
    setError(null);
    try {
      await sign({ consent, typedName: signature.typedName, signatureImage: signature.signatureImage });
    } catch (failure) {
      setError(describeError(failure, "Please try again."));
      setMustReload(failure instanceof ApiError && failure.status === 409);
    } finally {
      setPending(false);
    }
  };
  const canSign = consent && signature && !signature.isEmpty && signature.typedName.trim() && !pending;
  return (
    <form onSubmit={submit} className="grid gap-4 rounded-lg border border-border bg-card p-4">
      <h2 className="text-lg font-semibold">Consent to do business electronically</h2>
      <ul className="grid list-disc gap-2 pl-5 text-sm text-muted-foreground">
        {disclosure.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <label className="flex items-start gap-3 text-base">
        <input
          type="checkbox"
          checked={consent}
          onChange={(event) => setConsent(event.target.checked)}
          className="mt-1 size-5 shrink-0"
        />
        I agree to do business electronically and to sign this agreement electronically.
      </label>
      <SignatureInput idPrefix="signer" onChange={setSignature} />
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      {mustReload && (
        <button type="button" onClick={() => window.location.reload()} className={PUBLIC_BUTTON_SECONDARY}>
          Reload the agreement
        </button>
      )}
      <button
        type="submit"
        disabled={!canSign}
        className={`${PUBLIC_BUTTON} bg-primary text-primary-foreground`}
      >
        {pending ? "Signing…" : "Sign"}
      </button>
      {children}
    </form>
  );
}
