import { type ComponentType, lazy, Suspense } from "react";
import { LoadingScreen } from "../components/ui/spinner.tsx";

/**
 * A route element whose page is loaded only when first visited (DESIGN §6), showing the spec's Loading
 * spinner meanwhile. The module must export the page as its default export.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  const Page = lazy(load);
  return (
    <Suspense fallback={<LoadingScreen />}>
      <Page />
    </Suspense>
  );
}
