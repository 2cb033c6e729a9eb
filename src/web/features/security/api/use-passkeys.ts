import { useMutation } from "@tanstack/react-query";
import type { Passkey } from "../../../../shared/schemas/security.ts";
import { api } from "../../../lib/api.ts";
import { makePasskey } from "./passkey-ceremony.ts";
import { useRefreshSecurity } from "./use-security.ts";

/** Makes a passkey on this device and stores it under `name` (POST /api/passkeys). */
export function useAddPasskey() {
  const refresh = useRefreshSecurity();
  return useMutation({
    mutationFn: async (name: string) =>
      api.post<Passkey>("/api/passkeys", { name, response: await makePasskey() }),
    onSettled: refresh,
  });
}

/** Removes a passkey (DELETE /api/passkeys/:id); the server may ask for a fresh check first. */
export function useRemovePasskey() {
  const refresh = useRefreshSecurity();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/passkeys/${id}`),
    onSettled: refresh,
  });
}
