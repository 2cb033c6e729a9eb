import { Check } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { MONTHLY_PRICE_DOLLARS, TRIAL_DAYS } from "../content/pricing.ts";
import { Reveal } from "./reveal.tsx";
import { Section } from "./section.tsx";

const included = [
  "Unlimited events, clients and bureau partners",
  "Speaker profile and one-link media kit",
  "E-signature-ready contracts and mobile invoices",
  "Follow-up reminders and dashboard action items",
  "Income, expense, fees-by-state and audience reach insights",
  "Excel import and export of all your data",
];

export function PricingCard({ onStartTrial }: { onStartTrial: () => void }) {
  return (
    <Section
      id="pricing"
      eyebrow="Pricing"
      title="One plan. Everything included."
      intro="Try every feature free for a month. Keep going only if Podium earns its place in your business."
    >
      <Reveal className="mx-auto max-w-lg">
        <article className="overflow-hidden rounded-2xl border border-border bg-card shadow-overlay">
          <div className="bg-sidebar px-6 py-8 text-center text-white sm:px-10">
            <h3 className="text-lg font-semibold text-sidebar-foreground">Podium for speakers</h3>
            <p className="mt-4 flex items-baseline justify-center gap-1">
              <span className="text-5xl font-bold tracking-tight text-white">${MONTHLY_PRICE_DOLLARS}</span>
              <span className="text-lg text-sidebar-foreground">/month</span>
            </p>
            <p className="mt-2 text-sidebar-foreground">after your {TRIAL_DAYS}-day free trial</p>
          </div>
          <div className="px-6 py-8 sm:px-10">
            <ul className="grid gap-3">
              {included.map((item) => (
                <li key={item} className="flex gap-3">
                  <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
                  <span>{item}</span>
                </li>
              ))}
            </ul>
            <Button size="lg" className="mt-8 w-full" onClick={onStartTrial}>
              Start My Free Trial
            </Button>
            <p className="mt-4 text-center text-sm text-muted-foreground">
              {TRIAL_DAYS}-day free trial · No credit card required · Cancel anytime
            </p>
          </div>
        </article>
      </Reveal>
    </Section>
  );
}
