import * as Accordion from "@radix-ui/react-accordion";
import { ChevronDown } from "lucide-react";
import { questions } from "../content/faq.ts";
import { Reveal } from "./reveal.tsx";
import { Section } from "./section.tsx";
import { TrustBadges } from "./trust-badges.tsx";

export function FaqSection() {
  return (
    <Section id="faq" eyebrow="FAQ" title="Questions speakers ask us" className="bg-card">
      <Reveal className="mx-auto max-w-3xl">
        <Accordion.Root
          type="single"
          collapsible
          className="divide-y divide-border rounded-xl border border-border bg-card shadow-card"
        >
          {questions.map(({ question, answer }) => (
            <Accordion.Item key={question} value={question}>
              <Accordion.Header>
                <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-medium transition-colors hover:bg-muted sm:px-6">
                  {question}
                  <ChevronDown
                    aria-hidden="true"
                    className="size-5 shrink-0 text-muted-foreground transition-transform group-data-[state=open]:rotate-180"
                  />
                </Accordion.Trigger>
              </Accordion.Header>
              <Accordion.Content className="px-5 pb-5 text-pretty text-muted-foreground sm:px-6">
                {answer}
              </Accordion.Content>
            </Accordion.Item>
          ))}
        </Accordion.Root>
      </Reveal>
      <div className="mt-12">
        <TrustBadges />
      </div>
    </Section>
  );
}
