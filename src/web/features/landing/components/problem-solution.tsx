import { CircleCheck, CircleX } from "lucide-react";
import { challenges, problems, solutions } from "../content/journey.ts";
import { Reveal } from "./reveal.tsx";
import { Section } from "./section.tsx";

/** The before-and-after lists, then the challenge cards. */
export function ProblemSolution() {
  return (
    <Section
      id="why-podium"
      eyebrow="Why Podium"
      title="You were booked to speak, not to do paperwork"
      intro="Most speakers run their business from an inbox, a calendar and a spreadsheet. Podium brings them together."
      className="bg-card"
    >
      <div className="grid gap-6 lg:grid-cols-2">
        <Reveal className="rounded-xl border border-border bg-background p-6 sm:p-8">
          <h3 className="text-lg font-semibold">Without Podium</h3>
          <ul className="mt-5 grid gap-4">
            {problems.map((problem) => (
              <li key={problem} className="flex gap-3">
                <CircleX aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-destructive" />
                <span className="text-muted-foreground">{problem}</span>
              </li>
            ))}
          </ul>
        </Reveal>
        <Reveal className="rounded-xl border border-primary/30 bg-primary-soft p-6 sm:p-8">
          <h3 className="text-lg font-semibold text-primary-soft-foreground">With Podium</h3>
          <ul className="mt-5 grid gap-4">
            {solutions.map((solution) => (
              <li key={solution} className="flex gap-3">
                <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
                <span>{solution}</span>
              </li>
            ))}
          </ul>
        </Reveal>
      </div>

      <h3 className="mt-16 text-center text-2xl font-bold text-balance">The challenges we built it for</h3>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {challenges.map(({ title, description }) => (
          <Reveal as="li" key={title} className="h-full">
            <article className="h-full rounded-xl border border-t-4 border-border border-t-primary bg-background p-6">
              <h4 className="font-semibold">{title}</h4>
              <p className="mt-2 text-sm text-pretty text-muted-foreground">{description}</p>
            </article>
          </Reveal>
        ))}
      </ul>
    </Section>
  );
}
