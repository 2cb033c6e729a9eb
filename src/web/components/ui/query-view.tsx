import type { ReactNode } from "react";
import { ErrorState } from "./error-state.tsx";
import { LoadingScreen } from "./spinner.tsx";

type ListQuery = { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };

/** A loaded list's four faces: loading, failed (with Try again), empty, and its content. */
export function QueryView({
  query,
  errorTitle,
  isEmpty,
  empty,
  children,
}: {
  query: ListQuery;
  /** What could not be done, e.g. "Could not load your invoices". */
  errorTitle: string;
  isEmpty: boolean;
  empty: ReactNode;
  children: ReactNode;
}) {
  if (query.isPending) return <LoadingScreen />;
  if (query.isError)
    return <ErrorState title={errorTitle} error={query.error} onRetry={() => query.refetch()} />;
  return isEmpty ? empty : children;
}
