import { MicVocal } from "lucide-react";
import { cn } from "../../../lib/cn.ts";

/** The Podium logo: a microphone tile and the name. */
export function BrandMark({ className, tone = "dark" }: { className?: string; tone?: "dark" | "light" }) {
  return (
    <span className={cn("inline-flex items-center gap-2 text-xl font-bold tracking-tight", className)}>
      <span className="grid size-9 place-items-center rounded-lg bg-primary text-primary-foreground shadow-card">
        <MicVocal aria-hidden="true" className="size-5" />
      </span>
      <span className={tone === "light" ? "text-white" : "text-foreground"}>Podium</span>
    </span>
  );
}
