import type { ReactNode } from "react";

type FormSectionProps = { legend: string; description?: ReactNode; children: ReactNode };

/** A titled group of form fields, two columns wide from small screens up. */
export function FormSection({ legend, description, children }: FormSectionProps) {
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 sm:col-span-2">
        <legend className="float-left text-sm font-semibold tracking-wide text-foreground uppercase">
          {legend}
        </legend>
        {description && <p className="text-sm font-medium text-muted-foreground">{description}</p>}
      </div>
      {children}
    </fieldset>
  );
}
