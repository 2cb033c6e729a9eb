import type { ReactNode } from "react";
import { cn } from "../../lib/cn.ts";

type PageHeaderProps = {
  title: ReactNode;
  description?: ReactNode;
  /** Buttons shown beside the title on wide screens and under it on narrow ones. */
  actions?: ReactNode;
  className?: string;
};

/** The one h1 of a signed-in page, with its summary and main actions. */
export function PageHeader({ title, description, actions, className }: PageHeaderProps) {
  return (
    <div className={cn("flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between", className)}>
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold [overflow-wrap:anywhere] sm:text-3xl">{title}</h1>
        {description && <p className="max-w-2xl text-sm text-muted-foreground sm:text-base">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}
