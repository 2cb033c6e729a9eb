import { ChevronDown } from "lucide-react";
import { questions } from "../content/faq.ts";
import { Reveal } from "./reveal.tsx";
import { Section } from "./section.tsx";
import { TrustBadges } from "./trust-badges.tsx";

export function FaqSection() {
  return (
    <Section id="faq" eyebrow="FAQ" title="Questions speakers ask us" className="bg-card">
      <Reveal className="mx-auto max-w-3xl">
        {/* Native disclosure elements: the answers are in the prerendered HTML and open without any script;
            sharing a name lets one open at a time. */}
        <div className="divide-y divide-border rounded-xl border border-border bg-card shadow-card">
          {questions.map(({ question, answer }) => (
            <details key={question} name="faq" className="group">
              <summary className="flex w-full cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 text-left font-medium transition-colors hover:bg-muted sm:px-6 [&::-webkit-details-marker]:hidden">
                {question}
                <ChevronDown
                  aria-hidden="true"
                  className="size-5 shrink-0 text-muted-foreground transition-transform group-open:rotate-180"
                />
              </summary>
              <p className="px-5 pb-5 text-pretty text-muted-foreground sm:px-6">{answer}</p>
            </details>
          ))}
        </div>
      </Reveal>
      <div className="mt-12">
        <TrustBadges />
      </div>
    </Section>
  );
}
