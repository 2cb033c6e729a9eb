import { lazy, type ReactNode, StrictMode, Suspense } from "react";
import { useToasts } from "../lib/toast.ts";

// Loaded with the first toast: a public page's first load carries none of its code.
const Toaster = lazy(async () => ({ default: (await import("../components/ui/toaster.tsx")).Toaster }));

function DeferredToaster() {
  const hasToasts = useToasts().length > 0;
  return hasToasts ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

/** What every public page runs in, on the server (prerendering) and in the browser (hydration) alike. */
export function PublicShell({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      {children}
      <DeferredToaster />
    </StrictMode>
  );
}
