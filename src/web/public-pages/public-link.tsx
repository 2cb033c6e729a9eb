import { type ReactNode, useEffect, useState } from "react";
import { errorOfAnswer, type PublicPageAnswer } from "../../shared/public-page.ts";
import { api, describeError } from "../lib/api.ts";

/**
 * What a public link page (`/b`, `/sign`, `/hold`, `/q`, `/t`) shares: the token in its path, the state of
 * the link's answer, the page frame and the words while it loads or when the link is not live.
 */
export type LinkState<T> =
  | { kind: "loading" }
  | { kind: "unavailable"; message: string }
  | { kind: "ready"; data: T };

export const LINK_UNAVAILABLE = "This link could not be loaded. Please try again.";

/** `/q/<token>` → the token. */
export const tokenOfPath = (path: string) => decodeURIComponent(path.split("/").filter(Boolean)[1] ?? "");

/** The state a page starts in: the answer it was prerendered with (decision 042), or loading. */
export function linkStateOfAnswer<T>(
  answer: PublicPageAnswer | undefined,
  unavailable = LINK_UNAVAILABLE,
): LinkState<T> {
  if (!answer) return { kind: "loading" };
  if (answer.status === 200) return { kind: "ready", data: answer.body as T };
  return { kind: "unavailable", message: errorOfAnswer(answer) ?? unavailable };
}

/**
 * The link's answer: the prerendered one as it stands, else read from `url` once. The setter lets the page
 * show what the planner just did (answered, sent) without reading again.
 */
export function usePublicLink<T>(answer: PublicPageAnswer | undefined, url: string) {
  const [state, setState] = useState<LinkState<T>>(() => linkStateOfAnswer<T>(answer));
  useEffect(() => {
    if (answer) return;
    api
      .get<T>(url)
      .then((data) => setState({ kind: "ready", data }))
      .catch((error: unknown) =>
        setState({ kind: "unavailable", message: describeError(error, LINK_UNAVAILABLE) }),
      );
  }, [answer, url]);
  const show = (data: T) => setState({ kind: "ready", data });
  return [state, show] as const;
}

/** A public page's button: a 48 px touch target with a visible keyboard focus; the caller adds the colours. */
export const PUBLIC_BUTTON =
  "inline-flex h-12 items-center justify-center rounded-md px-5 text-base font-semibold disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring";
/** The quieter button beside or under a public page's main one: outlined on the card colour. */
export const PUBLIC_BUTTON_SECONDARY = `${PUBLIC_BUTTON} border border-border bg-card text-foreground`;

type FormAction = { label: string; busyLabel: string; isBusy: boolean };

/**
 * A public form's two ways on, side by side (stacked on a phone): its submit button, then a second action
 * (save a draft, release the date). Both wait while either is on its way.
 */
export function PublicFormActions({
  submit,
  other,
  onOther,
}: {
  submit: FormAction;
  other: FormAction;
  onOther: () => void;
}) {
  const isBusy = submit.isBusy || other.isBusy;
  return (
    <div className="grid gap-2 sm:grid-cols-2">
      <button
        type="submit"
        disabled={isBusy}
        className={`${PUBLIC_BUTTON} bg-primary text-primary-foreground`}
      >
        {submit.isBusy ? submit.busyLabel : submit.label}
      </button>
      <button type="button" disabled={isBusy} onClick={onOther} className={PUBLIC_BUTTON_SECONDARY}>
        {other.isBusy ? other.busyLabel : other.label}
      </button>
    </div>
  );
}

/** The frame of a public link page: phone first, the Podium name on top. */
export function PublicLinkFrame({ wide = false, children }: { wide?: boolean; children: ReactNode }) {
  return (
    <main
      className={`mx-auto grid min-h-dvh content-start gap-5 bg-background px-4 py-6 text-foreground sm:py-10 ${
        wide ? "max-w-2xl" : "max-w-xl"
      }`}
    >
      <p className="text-lg font-bold text-primary">Podium</p>
      {children}
    </main>
  );
}

/** The page while the link loads, or why it cannot be shown. */
export function PublicLinkPending({
  state,
  wide,
}: {
  state: Exclude<LinkState<unknown>, { kind: "ready" }>;
  wide?: boolean;
}) {
  return (
    <PublicLinkFrame wide={wide}>
      <p role={state.kind === "loading" ? "status" : "alert"} className="text-muted-foreground">
        {state.kind === "loading" ? "Loading…" : state.message}
      </p>
    </PublicLinkFrame>
  );
}
