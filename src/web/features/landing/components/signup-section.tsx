import { Check } from "lucide-react";
import { SETUP_MINUTES } from "../content/journey.ts";
import { MONTHLY_PRICE_DOLLARS, TRIAL_DAYS } from "../content/pricing.ts";
import { DeferredRegisterForm } from "./deferred-register-form.tsx";
import { ModeLink } from "./mode-link.tsx";
import { Reveal } from "./reveal.tsx";

const promises = [
  `Every feature free for ${TRIAL_DAYS} days`,
  "No credit card required",
  "No automatic billing after the trial",
  `Then $${MONTHLY_PRICE_DOLLARS}/month if you choose to stay, cancel anytime`,
  `Setup takes about ${SETUP_MINUTES} minutes`,
];

/** The inline signup form (spec §2: anchor `signup-form`), the target of every Start My Free Trial button. */
export function SignupSection({ onSignIn }: { onSignIn: () => void }) {
  return (
    <section
      id="signup-form"
      aria-labelledby="signup-heading"
      className="scroll-mt-16 bg-sidebar bg-[radial-gradient(ellipse_at_bottom_left,rgb(99_102_241/0.4),transparent_60%)] py-16 sm:py-24"
    >
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 sm:px-6 lg:grid-cols-2 lg:px-8">
        <Reveal>
          <h2 id="signup-heading" className="text-3xl font-bold text-balance text-white sm:text-4xl">
            Give your next booking a better home
          </h2>
          <p className="mt-4 text-lg text-sidebar-foreground">
            Create your account and start your free trial. Bring your spreadsheet, or just add your next
            event.
          </p>
          <ul className="mt-8 grid gap-3">
            {promises.map((promise) => (
              <li key={promise} className="flex gap-3 text-white">
                <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-indigo-300" />
                {promise}
              </li>
            ))}
          </ul>
        </Reveal>
        <Reveal className="rounded-2xl bg-card p-6 shadow-overlay sm:p-8">
          <h3 className="text-xl font-semibold">Start your free trial</h3>
          <p className="mt-1 mb-6 text-sm text-muted-foreground">
            Already have an account? <ModeLink onClick={onSignIn}>Sign in</ModeLink>
          </p>
          <DeferredRegisterForm submitLabel="Start My Free Trial" />
          <p className="mt-4 text-center text-xs text-muted-foreground">
            By creating an account you confirm that you are at least 18 and agree to our{" "}
            <a href="/terms-conditions" className="text-primary underline underline-offset-2">
              Terms and Conditions
            </a>{" "}
            and{" "}
            <a href="/privacy-policy" className="text-primary underline underline-offset-2">
              Privacy Policy
            </a>
            .
          </p>
        </Reveal>
      </div>
    </section>
  );
}
