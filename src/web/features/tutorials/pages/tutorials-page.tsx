import * as Accordion from "@radix-ui/react-accordion";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { PageHeader } from "../../../components/ui/page-header.tsx";
import { GuideCard } from "../components/guide-card.tsx";
import { useSetupFacts } from "../components/use-setup-facts.ts";
import { GUIDES } from "../content/guides.ts";

/** /tutorials: short guides; `?focus=<guide id>` (the welcome dialog's Quick Start) opens and scrolls to one. */
export default function TutorialsPage() {
  const [searchParams] = useSearchParams();
  const focus = searchParams.get("focus");
  const focused = GUIDES.find((guide) => guide.id === focus)?.id;
  const [openGuides, setOpenGuides] = useState<string[]>(() => [focused ?? GUIDES[0]!.id]);
  const facts = useSetupFacts();

  useEffect(() => {
    if (!focused) return;
    setOpenGuides((open) => (open.includes(focused) ? open : [...open, focused]));
    const element = document.getElementById(focused);
    element?.scrollIntoView({ block: "start" });
    element?.querySelector("button")?.focus({ preventScroll: true });
  }, [focused]);

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Tutorials"
        description="Short guides to get the most out of Podium, each a few steps with a link to the page where you do them."
      />
      <Accordion.Root type="multiple" value={openGuides} onValueChange={setOpenGuides} className="grid gap-4">
        {GUIDES.map((guide) => (
          <GuideCard
            key={guide.id}
            guide={guide}
            facts={guide.id === "essential-setup" ? facts : undefined}
          />
        ))}
      </Accordion.Root>
    </div>
  );
}
