import { ArrowLeft } from "lucide-react";
import { useEffect } from "react";
// The policy pages are part of the public site, so they share its brand mark and footer.
import { BrandMark } from "../../landing/components/brand-mark.tsx";
import { LandingFooter } from "../../landing/components/landing-footer.tsx";
import type { LegalBlock, LegalDocument } from "../content/legal-document.ts";

/** A policy page: title, date, summary, a table of contents and numbered sections set for reading. */
export function LegalDocumentView({ document: legal }: { document: LegalDocument }) {
  useEffect(() => {
    document.title = `${legal.title} — Podium`;
  }, [legal.title]);

  return (
    <div className="min-h-dvh bg-background">
      <header className="border-b border-border bg-card">
        <div className="mx-auto flex h-16 max-w-5xl items-center justify-between gap-4 px-4 sm:px-6">
          <a href="/auth" aria-label="Podium home">
            <BrandMark />
          </a>
          <a
            href="/auth"
            className="inline-flex items-center gap-1.5 text-sm font-medium text-primary hover:underline"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            Back to Podium
          </a>
        </div>
      </header>
      <main id="main-content" className="mx-auto max-w-5xl px-4 py-10 sm:px-6 sm:py-16">
        <h1 className="text-3xl font-bold sm:text-4xl">{legal.title}</h1>
        <p className="mt-2 text-sm text-muted-foreground">Last updated {legal.lastUpdated}</p>
        <p className="mt-6 max-w-3xl text-lg text-pretty text-muted-foreground">{legal.summary}</p>
        <div className="mt-10 grid gap-10 lg:grid-cols-[14rem_1fr]">
          <nav aria-label="Contents" className="lg:sticky lg:top-8 lg:self-start">
            <h2 className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">Contents</h2>
            <ol className="mt-3 grid list-inside list-decimal gap-1.5 text-sm marker:text-muted-foreground">
              {legal.sections.map((section) => (
                <li key={section.id}>
                  <a href={`#${section.id}`} className="text-primary underline-offset-4 hover:underline">
                    {section.title}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
          <article className="max-w-prose rounded-xl border border-border bg-card p-6 shadow-card sm:p-10">
            {legal.sections.map((section, index) => (
              <section key={section.id} id={section.id} className="scroll-mt-8 not-first:mt-10">
                <h2 className="text-xl font-semibold">
                  {index + 1}. {section.title}
                </h2>
                {section.blocks.map((block) => (
                  <LegalBlockView key={blockKey(block)} block={block} />
                ))}
              </section>
            ))}
          </article>
        </div>
      </main>
      <LandingFooter />
    </div>
  );
}

function LegalBlockView({ block }: { block: LegalBlock }) {
  if (typeof block === "string") return <p className="mt-4 leading-7 text-pretty">{block}</p>;
  return (
    <ul className="mt-4 grid list-disc gap-2 pl-6 leading-7 marker:text-primary">
      {block.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

function blockKey(block: LegalBlock): string {
  return typeof block === "string" ? block : block.join("\n");
}
