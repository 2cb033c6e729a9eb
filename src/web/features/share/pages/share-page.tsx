import { useEffect, useState } from "react";
import { UNAVAILABLE_MESSAGE } from "../../../../shared/media-kit-texts.ts";
import { fetchPublicShare, readShareAddress, type ShareResult } from "../api/public-share.ts";
import { ContactDetails } from "../components/contact-details.tsx";
import { MediaKitView, SpeakerHeader } from "../components/media-kit-view.tsx";
import { SharedFiles } from "../components/shared-files.tsx";

type PageState = ShareResult | { state: "loading" };

/**
 * `/share/{slug}/{token}` and `/shared/{token}`: what a speaker shared, for a planner without an account,
 * phone first. Prerendered as its loading state (the page is the same for every link); the data comes from
 * the public JSON call once the page runs.
 */
export default function SharePage() {
  const [page, setPage] = useState<PageState>({ state: "loading" });
  const [token, setToken] = useState("");

  useEffect(() => {
    const address = readShareAddress(window.location.pathname);
    if (!address) {
      setPage({ state: "unavailable" });
      return;
    }
    setToken(address.token);
    void fetchPublicShare(address).then((result) => {
      if (result.state === "shown") {
        const { share } = result;
        document.title = share.speaker.name
          ? share.kind === "media_kit"
            ? [share.speaker.name, share.speaker.title].filter(Boolean).join(" — ")
            : `Files from ${share.speaker.name}`
          : "Shared with Podium";
        // A media kit opened under an older slug shows its current address.
        if (share.slug && address.slug && share.slug !== address.slug) {
          window.history.replaceState(null, "", `/share/${share.slug}/${address.token}`);
        }
      } else if (result.state === "unavailable") {
        document.title = UNAVAILABLE_MESSAGE;
      }
      setPage(result);
    });
  }, []);

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
