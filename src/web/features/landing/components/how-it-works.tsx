import { Clock } from "lucide-react";
import { SETUP_MINUTES, steps } from "../content/journey.ts";
import { Reveal } from "./reveal.tsx";
import { Section } from "./section.tsx";

export function HowItWorks() {
  return (
    <Section
      id="how-it-works"
      eyebrow="How it works"
      title="Up and running in three steps"
      intro={
        <span className="inline-flex items-center gap-2">
          <Clock aria-hidden="true" className="size-5 text-primary" />
          Setup takes about {SETUP_MINUTES} minutes.
        </span>
      }
      className="bg-card"
    >
      <ol className="relative grid gap-10 md:grid-cols-3 md:gap-6 md:before:absolute md:before:inset-x-[16.7%] md:before:top-8 md:before:border-t-2 md:before:border-dashed md:before:border-primary/30">
        {steps.map(({ icon: Icon, title, description }, index) => (
          <Reveal as="li" key={title} className="relative text-center">
            <span className="relative mx-auto grid size-16 place-items-center rounded-2xl bg-primary text-primary-foreground shadow-card ring-8 ring-card">
              <Icon aria-hidden="true" className="size-7" />
            </span>
            <p className="mt-5 text-sm font-semibold text-primary">Step {index + 1}</p>
            <h3 className="mt-1 text-xl font-semibold">{title}</h3>
            <p className="mx-auto mt-2 max-w-xs text-pretty text-muted-foreground">{description}</p>
          </Reveal>
        ))}
      </ol>
    </Section>
  );
}
