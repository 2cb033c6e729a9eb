import { type FormEvent, startTransition, useEffect, useState } from "react";
import {
  errorOfAnswer,
  type PublicPageAnswer,
  type PublicPageProps,
} from "../../../../shared/public-page.ts";
import type { PublicContract } from "../../../../shared/schemas/contracts.ts";
import { speakerDisplayName } from "../../../../shared/speaker-name.ts";
import { ApiError, api, describeError } from "../../../lib/api.ts";
import {
  PUBLIC_BUTTON,
  PUBLIC_BUTTON_SECONDARY,
  PublicLinkFrame,
  tokenOfPath,
} from "../../../public-pages/public-link.tsx";
import { ScrollingAgreement } from "../components/agreement-text.tsx";
import { SignAgreementForm, type SignatureGiven } from "../components/sign-agreement-form.tsx";

type State =
  | { kind: "loading" }
  | { kind: "unavailable"; message: string }
  | { kind: "ready"; contract: PublicContract }
  | { kind: "done"; message: string };

const UNAVAILABLE = "The agreement could not be loaded. Please try again.";

/** What the page shows for a contract as the signer's call answers it. */
const stateOfContract = (contract: PublicContract): State =>
  contract.clientSignedAt
    ? { kind: "done", message: "You have signed this agreement. Thank you!" }
    : { kind: "ready", contract };

/** What the page shows for the answer the server rendered it with; loading when it has none. */
function stateOfAnswer(answer: PublicPageAnswer | undefined): State {
  if (!answer) return { kind: "loading" };
  if (answer.status === 200) return stateOfContract(answer.body as PublicContract);
  return { kind: "unavailable", message: errorOfAnswer(answer) ?? UNAVAILABLE };
}

/** The instant in UTC, as the e-mail that sent the link states it, the same on the server and in the browser. */
const formatExpiry = (instant: string) =>
  new Date(instant).toLocaleString("en-US", {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: "UTC",
  });

/**
 * `/sign/<token>` (public, phone first): the agreement, the consent to do business electronically with its
 * disclosure, the typed full name and a drawn (or typed) signature, Sign, and Decline with a reason. The
 * server renders it with the agreement (decision 042); once running, the page reads it again through the
 * signer's JSON call, which records that the signer viewed it (a link preview fetching the HTML does not).
 */
export default function SignPage({ path, answer }: PublicPageProps) {
  const [state, setState] = useState<State>(() => stateOfAnswer(answer));
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const token = tokenOfPath(path);

  useEffect(() => {
    // A link that is not live stays so: nothing to record, nothing newer to read.
    if (answer && answer.status !== 200) return;
    api
      .get<PublicContract>(`/api/public/contracts/${encodeURIComponent(token)}`)
      .then((contract) =>
        // A long agreement is a large render: as a transition it yields to the phone between chunks.
        // A signature or decline already given stands.
        startTransition(() =>
          setState((current) => (current.kind === "done" ? current : stateOfContract(contract))),
        ),
      )
      .catch((failure: unknown) => {
        // The agreement the page was rendered with stays on screen.
        if (answer) return;
        setState({
          kind: "unavailable",
          message:
            failure instanceof ApiError && (failure.status === 404 || failure.status === 410)
              ? failure.message
              : describeError(failure, UNAVAILABLE),
        });
      });
  }, [answer, token]);

  const sign = async (signature: SignatureGiven) => {
    if (state.kind !== "ready") return;
    // The hash of the text read here: if the one on file differs, the server signs nothing (409).
    const { documentSha256 } = state.contract;
    await api.post(`/api/public/contracts/${encodeURIComponent(token)}/sign`, {
      ...signature,
      documentSha256,
    });
    setState({
      kind: "done",
      message:
        "Signed. Thank you! You will receive the completed agreement by e-mail once both parties have signed.",
    });
  };
  const decline = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      await api.post(`/api/public/contracts/${encodeURIComponent(token)}/decline`, { reason });
      setState({ kind: "done", message: "You declined this agreement. The sender has been told." });
    } catch (failure) {
      setError(describeError(failure, "Please try again."));
    } finally {
      setPending(false);
    }
  };

  if (state.kind === "loading") {
    return (
      <PublicLinkFrame wide>
        <p className="text-muted-foreground">Loading the agreement…</p>
      </PublicLinkFrame>
    );
  }
  if (state.kind !== "ready") {
    return (
      <PublicLinkFrame wide>
        <h1 className="text-2xl font-semibold">{state.message}</h1>
        {state.kind === "unavailable" && (
          <p className="text-muted-foreground">
            If you expected to sign something, ask the sender for a new link.
          </p>
        )}
      </PublicLinkFrame>
    );
  }
  const { contract } = state;
  return (
    <PublicLinkFrame wide>
      <header className="grid gap-1">
        <p className="text-sm text-muted-foreground">
          {speakerDisplayName(contract.speaker, { atStart: true })}
          {contract.speaker.name && contract.speaker.businessName
            ? ` (${contract.speaker.businessName})`
            : ""}{" "}
          sent you an agreement to sign
        </p>
        <h1 className="text-2xl font-semibold break-words">{contract.title}</h1>
        {contract.expiresAt && (
          <p className="text-sm text-muted-foreground">
            The link works until {formatExpiry(contract.expiresAt)} UTC.
          </p>
        )}
      </header>
      {contract.message && (
        <p className="rounded-md bg-muted p-3 text-sm whitespace-pre-line">{contract.message}</p>
      )}
      <ScrollingAgreement body={contract.body} />
      <a
        href={`/api/public/contracts/${encodeURIComponent(token)}/pdf`}
        className="text-sm font-medium text-primary underline"
      >
        Download the agreement as a PDF
      </a>
      {contract.pdfSha256 && (
        <p className="text-xs text-muted-foreground break-all">
          SHA-256 of this PDF: {contract.pdfSha256} (check your copy with <code>sha256sum</code>).
        </p>
      )}
      {declining ? (
        <form onSubmit={decline} className="grid gap-3 rounded-lg border border-border bg-card p-4">
          <h2 className="text-lg font-semibold">Decline to sign</h2>
          <label htmlFor="decline-reason" className="text-sm font-medium">
            Reason (the sender will see it)
          </label>
          <textarea
            id="decline-reason"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            rows={3}
            maxLength={1000}
            className="rounded-md border border-input bg-background p-3 text-base"
          />
          {error && (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
          <div className="flex flex-wrap gap-3">
            <button
              type="submit"
              disabled={!reason.trim() || pending}
              className={`${PUBLIC_BUTTON} bg-destructive text-destructive-foreground`}
            >
              Decline
            </button>
            <button type="button" onClick={() => setDeclining(false)} className={PUBLIC_BUTTON_SECONDARY}>
              Back
            </button>
          </div>
        </form>
      ) : (
        <SignAgreementForm disclosure={contract.disclosure} sign={sign}>
          <button
            type="button"
            onClick={() => setDeclining(true)}
            className="justify-self-start text-sm font-medium text-destructive underline"
          >
            Decline to sign
          </button>
        </SignAgreementForm>
      )}
    </PublicLinkFrame>
  );
}
