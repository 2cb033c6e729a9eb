import { type ReactNode, useEffect, useState } from "react";
import { cn } from "../../../lib/cn.ts";

type RevealProps = { children: ReactNode; className?: string; as?: "div" | "li" };

/**
 * Fades its content in the first time it scrolls into view. The hidden state only exists under
 * `motion-safe`, so visitors who prefer reduced motion (and browsers without IntersectionObserver)
 * see everything at once.
 */
export function Reveal({ children, className, as: Tag = "div" }: RevealProps) {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [isVisible, setIsVisible] = useState(false);

  useEffect(() => {
    if (!element) return;
    if (typeof IntersectionObserver === "undefined") {
      setIsVisible(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setIsVisible(true);
          observer.disconnect();
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
      data-reveal={isVisible ? "shown" : "hidden"}
      className={cn(
        "motion-safe:transition motion-safe:duration-700 motion-safe:ease-out",
        isVisible ? "opacity-100" : "motion-safe:translate-y-6 motion-safe:opacity-0",
        className,
      )}
    >
      {children}
    </Tag>
  );
}
