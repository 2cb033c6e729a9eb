import { TriangleAlert } from "lucide-react";
import { describeError } from "../../lib/api.ts";
import { Button } from "./button.tsx";

type ErrorStateProps = {
  /** What could not be done, e.g. "Could not load your events". */
  title: string;
  error: unknown;
  onRetry?: () => void;
};

/** A failed load, in place of the content: what failed, the server's reason, and a way to try again. */
export function ErrorState({ title, error, onRetry }: ErrorStateProps) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-lg border border-destructive/30 bg-destructive-soft px-6 py-10 text-center"
    >
      <TriangleAlert aria-hidden="true" className="size-6 text-destructive" />
      <p className="font-semibold text-foreground">{title}</p>
      <p className="max-w-md text-sm text-muted-foreground">
        {describeError(error, "Something went wrong. Please check your connection and try again.")}
      </p>
      {onRetry && (
        <Button variant="outline" size="sm" onClick={onRetry}>
          Try again
        </Button>
      )}
    </div>
  );
}
