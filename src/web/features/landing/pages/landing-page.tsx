import { type ComponentProps, lazy, Suspense, useEffect, useState } from "react";
import type { AuthMode } from "../components/auth-mode.ts";
import { loadSignupForm, signupFormReady } from "../components/deferred-register-form.tsx";
import { FaqSection } from "../components/faq-section.tsx";
import { FeatureGrid } from "../components/feature-grid.tsx";
import { HeroSection } from "../components/hero-section.tsx";
import { HowItWorks } from "../components/how-it-works.tsx";
import { LandingFooter } from "../components/landing-footer.tsx";
import { LandingHeader } from "../components/landing-header.tsx";
import { PricingCard } from "../components/pricing-card.tsx";
import { ProblemSolution } from "../components/problem-solution.tsx";
import { SignupSection } from "../components/signup-section.tsx";
import { scrollToSection } from "../scroll-to-section.ts";

const PAGE_TITLE = "Podium — For Speakers, by Speakers";

// The modal's forms load when it first opens, so the page's first load carries none of their code.
const AuthModal = lazy(async () => {
  const [{ AuthModal: Modal }, { QueryScope }] = await Promise.all([
    import("../components/auth-modal.tsx"),
    import("../../../public-pages/query-scope.tsx"),
  ]);
  return {
    default: (props: ComponentProps<typeof Modal>) => (
      <QueryScope>
        <Modal {...props} />
      </QueryScope>
    ),
  };
});

/**
 * `/auth`: the public landing page with the inline signup form and the auth modal (spec §2).
 * It is prerendered (src/web/public-pages): the server sends a signed-in user from `/auth` to `/`, and the
 * forms' code loads when they are first needed.
 */
export function LandingPage() {
  const [authMode, setAuthMode] = useState<AuthMode | null>(null);
  const [hasOpenedModal, setHasOpenedModal] = useState(false);

  useEffect(() => {
    document.title = PAGE_TITLE;
  }, []);

  const changeAuthMode = (mode: AuthMode | null) => {
    if (mode) setHasOpenedModal(true);
    setAuthMode(mode);
  };
  const openSignIn = () => changeAuthMode("login");
  const startTrial = () => {
    scrollToSection("signup-form", "input");
    void signupFormReady().then(() => scrollToSection("signup-form", "input"));
  };

  return (
    <div id="top" className="min-h-dvh bg-background">
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-card focus:px-4 focus:py-2 focus:shadow-overlay"
      >
        Skip to main content
      </a>
      <LandingHeader onSignIn={openSignIn} onStartTrial={startTrial} />
      <main id="main-content" tabIndex={-1} className="focus:outline-none">
        <HeroSection onStartTrial={startTrial} />
        <ProblemSolution />
        <FeatureGrid />
        <HowItWorks />
        <PricingCard onStartTrial={startTrial} />
        <FaqSection />
        <SignupSection onSignIn={openSignIn} />
      </main>
      <LandingFooter />
      {hasOpenedModal && (
        <Suspense fallback={null}>
          <AuthModal mode={authMode} onModeChange={changeAuthMode} />
        </Suspense>
      )}
    </div>
  );
}

export default LandingPage;

/** Loads what the page shows on demand but prerendering puts in the HTML (src/web/public-pages/render.tsx). */
export const prepareToPrerender = loadSignupForm;
