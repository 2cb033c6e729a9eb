import type { ReactNode } from "react";
import { Link } from "react-router";
import { Copyright } from "../../components/copyright.tsx";
import { BrandMark } from "../../features/landing/components/brand-mark.tsx";

/** A page outside the signed-in shell: the logo, one centred column, and the legal links. */
export function CenteredPage({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <header className="px-4 py-5 sm:px-8">
        <Link to="/auth" className="inline-flex rounded-md" aria-label="Podium home">
          <BrandMark />
        </Link>
      </header>
      <main
        id="main-content"
        className="flex flex-1 items-start justify-center px-4 pt-6 pb-16 sm:items-center sm:pt-0"
      >
        <div className="w-full max-w-md">{children}</div>
      </main>
      <footer className="flex flex-wrap justify-center gap-x-6 gap-y-2 px-4 py-6 text-sm text-muted-foreground">
        <Link to="/privacy-policy" className="hover:text-foreground hover:underline">
          Privacy Policy
        </Link>
        <Link to="/terms-conditions" className="hover:text-foreground hover:underline">
          Terms &amp; Conditions
        </Link>
        <span>
          <Copyright />
        </span>
      </footer>
    </div>
  );
}
