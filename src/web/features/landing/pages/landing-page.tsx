import { useEffect, useState } from "react";
import { Navigate } from "react-router";
import { useUser } from "../../auth/api/current-user.ts";
import { AuthModal } from "../components/auth-modal.tsx";
import type { AuthMode } from "../components/auth-mode.ts";
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

/**
 * `/auth`: the public landing page with the inline signup form and the auth modal (spec §2).
 * It renders while the session loads, so visitors see it at once; a signed-in user is sent to `/`.
 */
export function LandingPage() {
  const { data: user } = useUser();
  const [authMode, setAuthMode] = useState<AuthMode | null>(null);

  useEffect(() => {
    document.title = PAGE_TITLE;
  }, []);

  if (user) return <Navigate to="/" replace />;

  const openSignIn = () => setAuthMode("login");
  const startTrial = () => scrollToSection("signup-form", "input");

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
      <AuthModal mode={authMode} onModeChange={setAuthMode} />
    </div>
  );
}

export default LandingPage;
