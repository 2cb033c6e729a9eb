import { Slot } from "@radix-ui/react-slot";
import { type ReactElement, type ReactNode, useId } from "react";
import { cn } from "../../lib/cn.ts";
import { Label } from "./label.tsx";

type FormFieldProps = {
  label: ReactNode;
  /** The field's validation message, e.g. `formState.errors.email?.message`. */
  error?: string;
  /** Help text shown under the control while it has no error. */
  description?: ReactNode;
  /** Extra content under the control, e.g. a password strength meter. */
  footer?: ReactNode;
  className?: string;
  /** One control (Input, Textarea…); it receives id, aria-invalid and aria-describedby. */
  children: ReactElement;
};

/**
 * A label, one control and its message, wired for react-hook-form:
 * `<FormField label="Email" error={errors.email?.message}><Input {...register("email")} /></FormField>`.
 */
export function FormField({ label, error, description, footer, className, children }: FormFieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  const hasMessage = Boolean(error || description);
  return (
    <div className={cn("grid gap-1.5", className)}>
      <Label htmlFor={id}>{label}</Label>
      <Slot
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={hasMessage ? messageId : undefined}
      >
        {children}
      </Slot>
      {footer}
      {error ? (
        <p id={messageId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : description ? (
        <p id={messageId} className="text-sm text-muted-foreground">
          {description}
        </p>
      ) : null}
    </div>
  );
}
