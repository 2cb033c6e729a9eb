import type { ComponentProps } from "react";
import { cn } from "../../lib/cn.ts";

/** Shared look of single-line inputs and text areas, including the invalid state set by FormField. */
export const fieldClasses =
  "w-full rounded-md border border-input bg-card px-3 text-base text-foreground shadow-xs transition-colors placeholder:text-muted-foreground focus-visible:border-ring disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive sm:text-sm";

export function Input({ className, type = "text", ...props }: ComponentProps<"input">) {
  return <input type={type} className={cn(fieldClasses, "h-10", className)} {...props} />;
}
