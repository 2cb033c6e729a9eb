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
