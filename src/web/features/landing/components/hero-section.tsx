import { ArrowDown, ArrowRight } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { SETUP_MINUTES } from "../content/journey.ts";
import { TRIAL_DAYS } from "../content/pricing.ts";
import { scrollToSection } from "../scroll-to-section.ts";
import { EventPreview } from "./event-preview.tsx";

export function HeroSection({ onStartTrial }: { onStartTrial: () => void }) {
  return (
    <section
      aria-labelledby="hero-heading"
      className="relative overflow-hidden bg-sidebar bg-[radial-gradient(ellipse_at_top_right,rgb(99_102_241/0.45),transparent_60%)] text-white"
    >
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-[1.1fr_1fr] lg:px-8">
        <div>
          <p className="inline-flex rounded-full border border-white/20 bg-white/10 px-3 py-1 text-sm font-medium text-sidebar-foreground">
            For Speakers, by Speakers
          </p>
          <h1
            id="hero-heading"
            className="mt-6 text-4xl font-extrabold text-balance text-white sm:text-5xl lg:text-6xl"
          >
            More Stage Time. <span className="text-indigo-300">Less Screen Time.</span>
          </h1>
          <p className="mt-6 max-w-xl text-lg text-pretty text-sidebar-foreground">
            Podium runs the business side of speaking: events, clients and bureau partners, contracts,
            invoices and your media kit, all in one place and on every device.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Button size="lg" onClick={onStartTrial} className="bg-white text-primary hover:bg-primary-soft">
              Start My Free Trial
              <ArrowRight aria-hidden="true" />
            </Button>
            <Button
              size="lg"
              variant="ghost"
              onClick={() => scrollToSection("how-it-works")}
              className="border border-white/30 text-white hover:bg-white/10"
            >
              See How It Works
              <ArrowDown aria-hidden="true" />
            </Button>
          </div>
          <p className="mt-6 text-sm text-sidebar-foreground">
            {TRIAL_DAYS}-day free trial · No credit card required · Setup in about {SETUP_MINUTES} minutes
          </p>
        </div>
        <EventPreview />
      </div>
    </section>
  );
}
