import type { ReactNode } from "react";
import { cn } from "../../../lib/cn.ts";

/** A list of labelled details (a `<dl>`), one column on phones and two from small screens up. */
export function DetailList({ children, className }: { children: ReactNode; className?: string }) {
  return <dl className={cn("grid gap-x-6 gap-y-4 sm:grid-cols-2", className)}>{children}</dl>;
}

type DetailItemProps = { label: string; children: ReactNode; className?: string };

/** One labelled detail; an empty value reads "Not set" so a missing detail is plain to see. */
export function DetailItem({ label, children, className }: DetailItemProps) {
  const isEmpty = children === null || children === undefined || children === "";
  return (
    <div className={cn("grid min-w-0 content-start gap-0.5", className)}>
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className={cn("break-words", isEmpty && "text-muted-foreground italic")}>
        {isEmpty ? "Not set" : children}
      </dd>
    </div>
  );
}
