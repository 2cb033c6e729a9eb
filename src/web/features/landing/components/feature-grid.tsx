import { features } from "../content/features.ts";
import { Reveal } from "./reveal.tsx";
import { Section } from "./section.tsx";

export function FeatureGrid() {
  return (
    <Section
      id="features"
      eyebrow="Features"
      title="Everything behind the talk, in one place"
      intro="Podium handles the business of speaking so you can give your attention to the audience."
    >
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:gap-6">
        {features.map(({ icon: Icon, title, description }) => (
          // Ten cards: the last spans the row, so the grid ends square at two and three columns.
          <Reveal as="li" key={title} className="h-full last:sm:col-span-2 last:lg:col-span-3">
            <article className="flex h-full gap-4 rounded-xl border border-border bg-card p-5 shadow-card transition-shadow hover:shadow-overlay sm:flex-col sm:p-6 in-[li:last-child]:sm:flex-row in-[li:last-child]:sm:items-center">
              <span className="grid size-11 shrink-0 place-items-center rounded-lg bg-primary-soft text-primary">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <div>
                <h3 className="font-semibold sm:text-lg">{title}</h3>
                <p className="mt-1 text-sm text-pretty text-muted-foreground sm:mt-2 sm:text-base">
                  {description}
                </p>
              </div>
            </article>
          </Reveal>
        ))}
      </ul>
    </Section>
  );
}
