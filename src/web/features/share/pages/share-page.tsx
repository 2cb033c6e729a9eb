import { useEffect, useState } from "react";
import { UNAVAILABLE_MESSAGE } from "../../../../shared/media-kit-texts.ts";
import type { PublicPageProps } from "../../../../shared/public-page.ts";
import { speakerDisplayName } from "../../../../shared/speaker-name.ts";
import { fetchPublicShare, readShareAddress, type ShareResult, shareResultOf } from "../api/public-share.ts";
import { ContactDetails } from "../components/contact-details.tsx";
import { MediaKitView, SpeakerHeader } from "../components/media-kit-view.tsx";
import { SharedFiles } from "../components/shared-files.tsx";

type PageState = ShareResult | { state: "loading" };

/**
 * `/share/{slug}/{token}` and `/shared/{token}`: what a speaker shared, for a planner without an account,
 * phone first. The server renders it with the link's answer (decision 042); once running, the page reads it
 * again through the JSON call, which counts the visit (a link preview that fetches the HTML is not a visit).
 * Inside the signed-in app (no answer) it shows its loading state until that call answers.
 */
export default function SharePage({ path, answer }: Partial<PublicPageProps>) {
  const [address] = useState(() => readShareAddress(path ?? window.location.pathname));
  const [page, setPage] = useState<PageState>(() => (answer ? shareResultOf(answer) : { state: "loading" }));
  const token = address?.token ?? "";

  useEffect(() => {
    if (!address) {
      setPage({ state: "unavailable" });
      return;
    }
    // An unavailable link stays so: nothing to count, nothing newer to read.
    if (answer && shareResultOf(answer).state !== "shown") return;
    void fetchPublicShare(address).then((result) => {
      // The share the page was rendered with stays on screen if this call fails.
      if (answer && result.state === "failed") return;
      if (result.state === "shown") {
        const { share } = result;
        // As the server's head says it (share-page-head.ts).
        document.title =
          share.kind === "media_kit"
            ? [speakerDisplayName(share.speaker, { atStart: true }), share.speaker.title]
                .filter(Boolean)
                .join(" — ")
            : `Files from ${speakerDisplayName(share.speaker)}`;
        // A media kit opened under an older slug shows its current address.
        if (share.slug && address.slug && share.slug !== address.slug) {
          window.history.replaceState(null, "", `/share/${share.slug}/${address.token}`);
        }
      } else if (result.state === "unavailable") {
        document.title = UNAVAILABLE_MESSAGE;
      }
      setPage(result);
    });
  }, [address, answer]);

  return (
    <div className="flex min-h-dvh flex-col bg-background text-foreground">
      {/* At least a screen tall, so the footer starts below the fold and the loaded kit does not move it in view. */}
      <main className="mx-auto grid min-h-dvh w-full max-w-3xl flex-1 content-start gap-10 px-4 py-8 sm:px-6 sm:py-12">
        {page.state === "loading" ? (
          <p role="status" className="py-24 text-center text-muted-foreground">
            Loading…
          </p>
        ) : page.state === "unavailable" ? (
          <Message title={UNAVAILABLE_MESSAGE}>
            The person who shared it may have revoked it, or it may have expired. Ask them for a new link.
          </Message>
        ) : page.state === "failed" ? (
          <Message title="This page could not be loaded">
            Check your connection and{" "}
            <button
              type="button"
              className="font-medium text-primary underline"
              onClick={() => window.location.reload()}
            >
              try again
            </button>
            .
          </Message>
        ) : (
          <>
            <SpeakerHeader share={page.share} token={token} />
            {page.share.mediaKit && <MediaKitView kit={page.share.mediaKit} />}
            <SharedFiles share={page.share} token={token} />
            <ContactDetails share={page.share} />
          </>
        )}
      </main>
      <footer className="border-t border-border py-6 text-center text-sm text-muted-foreground">
        Shared with{" "}
        <a href="/auth" className="font-medium text-primary underline-offset-4 hover:underline">
          Podium
        </a>
        , the business tool for professional speakers
      </footer>
    </div>
  );
}

function Message({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-3 py-16 text-center">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <p className="text-base text-muted-foreground">{children}</p>
    </div>
  );
}
