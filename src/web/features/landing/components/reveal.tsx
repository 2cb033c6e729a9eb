import { type ReactNode, useEffect, useRef, useState } from "react";
import { cn } from "../../../lib/cn.ts";

type RevealProps = { children: ReactNode; className?: string; as?: "div" | "section" | "li" };

/**
 * Fades its content in the first time it scrolls into view. The hidden state only exists under
 * `motion-safe`, so visitors who prefer reduced motion (and browsers without IntersectionObserver)
 * see everything at once.
 */
export function Reveal({ children, className, as: Tag = "div" }: RevealProps) {
  const ref = useRef<HTMLElement>(null);
  const [isVisible, setIsVisible] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === "undefined") {
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
      { rootMargin: "0px 0px -10% 0px", threshold: 0.1 },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <Tag
      ref={ref as never}
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
