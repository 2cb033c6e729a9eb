import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { RouterProvider } from "react-router/dom";
import { Toaster } from "../components/ui/toaster.tsx";
import { ReauthPrompt } from "../features/security/components/reauth-prompt.tsx";
import { createQueryClient } from "./query-client.ts";
import { router } from "./router.tsx";

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
      <ReauthPrompt />
    </QueryClientProvider>
  );
}
