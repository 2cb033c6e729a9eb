import { type ReactNode, useEffect, useState } from "react";
import { cn } from "../../../lib/cn.ts";

type RevealProps = { children: ReactNode; className?: string; as?: "div" | "li" };

/**
 * Fades its content in the first time it scrolls into view. The page arrives prerendered, so content is
 * shown until the script runs ("static"); only then is what lies below the screen hidden, to fade in when
 * it scrolls into view. Without JavaScript, with reduced motion (the hidden state exists only under
 * `motion-safe`) or without IntersectionObserver, everything stays visible.
 */
export function Reveal({ children, className, as: Tag = "div" }: RevealProps) {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [state, setState] = useState<"static" | "hidden" | "shown">("static");

  useEffect(() => {
    if (!element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setState((current) => (current === "static" ? "static" : "shown"));
          observer.disconnect();
        } else {
          setState((current) => (current === "static" ? "hidden" : current));
        }
      },
      // Any part showing above the bottom tenth of the screen; a ratio would never be met by a very tall element.
      { rootMargin: "0px 0px -10% 0px", threshold: 0 },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);

  return (
    <Tag
      ref={setElement}
      data-reveal={state === "hidden" ? "hidden" : "shown"}
      className={cn(
        "motion-safe:transition motion-safe:duration-700 motion-safe:ease-out",
        state === "hidden" ? "motion-safe:translate-y-6 motion-safe:opacity-0" : "opacity-100",
        className,
      )}
    >
      {children}
    </Tag>
  );
}
