import { type QueryClient, QueryClientContext, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useContext } from "react";
import { createQueryClient } from "../app/query-client.ts";

let publicClient: QueryClient | undefined;

/**
 * The data cache for the parts of a public page that load on demand (its forms and dialogs): the
 * signed-in app's cache when the page is shown inside the app, otherwise one cache for the page. Public
 * pages do not carry the cache's code in their first load.
 */
export function QueryScope({ children }: { children: ReactNode }) {
  const existing = useContext(QueryClientContext);
  if (existing) return <>{children}</>;
  publicClient ??= createQueryClient();
  return <QueryClientProvider client={publicClient}>{children}</QueryClientProvider>;
}
