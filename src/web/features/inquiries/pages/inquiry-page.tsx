import { useEffect, useState } from "react";
import { INQUIRY_UNAVAILABLE } from "../../../../shared/inquiry-texts.ts";
import type { PublicPageProps } from "../../../../shared/public-page.ts";
import { speakerDisplayName } from "../../../../shared/speaker-name.ts";
import {
  fetchInquiryForm,
  type InquiryFormResult,
  inquiryFormResultOf,
  readInquirySlug,
} from "../api/public-inquiry.ts";
import { InquiryForm } from "../components/inquiry-form.tsx";
import { SpeakerSummary } from "../components/speaker-summary.tsx";

type PageState = InquiryFormResult | { state: "loading" };

/**
 * `/inquire/{slug}`: a planner's inquiry to a speaker, on its own or framed on the speaker's website. The
 * server renders it with the form's answer (decision 042), so it needs no call of its own; without one (the
 * build's prerendered fallback) it loads the form once it runs.
 */
export default function InquiryPage({ path, answer }: PublicPageProps) {
  const [slug] = useState(() => readInquirySlug(path));
  const [page, setPage] = useState<PageState>(() =>
    answer ? inquiryFormResultOf(answer) : { state: "loading" },
  );

  useEffect(() => {
    if (answer) return;
    if (!slug) {
      setPage({ state: "unavailable" });
      return;
    }
    void fetchInquiryForm(slug).then((result) => {
      if (result.state === "shown") {
        document.title = `Book ${speakerDisplayName(result.form.speaker)} to speak`;
      } else if (result.state === "unavailable") {
        document.title = INQUIRY_UNAVAILABLE;
      }
      setPage(result);
    });
  }, [answer, slug]);

  return (
    <div className="flex min-h-dvh flex-col bg-background text-foreground">
      {/* At least a screen tall, so the footer starts below the fold and the loaded form does not move it in view. */}
      <main className="mx-auto grid min-h-dvh w-full max-w-2xl flex-1 content-start gap-8 px-4 py-8 sm:px-6 sm:py-10">
        {page.state === "loading" ? (
          <p role="status" className="py-24 text-center text-muted-foreground">
            Loading…
          </p>
        ) : page.state === "unavailable" ? (
          <div className="grid gap-3 py-16 text-center">
            <h1 className="text-2xl font-bold tracking-tight">{INQUIRY_UNAVAILABLE}</h1>
            <p className="text-muted-foreground">Check the address, or contact the speaker another way.</p>
          </div>
        ) : page.state === "failed" ? (
          <div className="grid gap-3 py-16 text-center">
            <h1 className="text-2xl font-bold tracking-tight">This page could not be loaded</h1>
            <p className="text-muted-foreground">
              Check your connection and{" "}
              <button
                type="button"
                className="font-medium text-primary underline"
                onClick={() => window.location.reload()}
              >
                try again
              </button>
              .
            </p>
          </div>
        ) : (
          <>
            <SpeakerSummary speaker={page.form.speaker} />
            <InquiryForm slug={slug ?? ""} form={page.form} />
          </>
        )}
      </main>
      <footer className="border-t border-border py-6 text-center text-sm text-muted-foreground">
        Sent with{" "}
        <a href="/auth" target="_top" className="font-medium text-primary underline-offset-4 hover:underline">
          Podium
        </a>
        , the business tool for professional speakers
      </footer>
    </div>
  );
}
