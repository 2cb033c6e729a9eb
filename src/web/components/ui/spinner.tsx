import { LoaderCircle } from "lucide-react";
import { cn } from "../../lib/cn.ts";

type SpinnerProps = {
  className?: string;
  /** Read to screen readers; leave out when the spinner sits inside a labelled control. */
  label?: string;
};

export function Spinner({ className, label }: SpinnerProps) {
  const icon = <LoaderCircle aria-hidden="true" className={cn("size-4 animate-spin", className)} />;
  if (!label) return icon;
  return (
    <span role="status" className="inline-flex items-center">
      {icon}
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** The spec's Loading spinner: shown while a lazily loaded page or the session is loading. */
export function LoadingScreen({ className }: { className?: string }) {
  return (
    <div className={cn("flex min-h-[50vh] w-full items-center justify-center", className)}>
      <Spinner label="Loading" className="size-8 text-primary" />
    </div>
  );
}
