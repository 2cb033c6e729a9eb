import { Button } from "../../../components/ui/button.tsx";
import { BrandMark } from "./brand-mark.tsx";

const sections = [
  { id: "features", label: "Features" },
  { id: "how-it-works", label: "How it works" },
  { id: "pricing", label: "Pricing" },
  { id: "faq", label: "FAQ" },
];

type LandingHeaderProps = { onSignIn: () => void; onStartTrial: () => void };

/** Section links are plain anchors: the global stylesheet scrolls them smoothly unless motion is reduced. */
export function LandingHeader({ onSignIn, onStartTrial }: LandingHeaderProps) {
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-card/90 backdrop-blur supports-[backdrop-filter]:bg-card/75">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <a href="#top" aria-label="Podium, back to top">
          <BrandMark />
        </a>
        <nav aria-label="Sections" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {sections.map(({ id, label }) => (
              <li key={id}>
                <a
                  href={`#${id}`}
                  className="rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-muted hover:text-foreground"
                >
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          <Button variant="outline" onClick={onSignIn}>
            Sign In
          </Button>
          <Button className="hidden sm:inline-flex" onClick={onStartTrial}>
            Start Free Trial
          </Button>
        </div>
      </div>
    </header>
  );
}
