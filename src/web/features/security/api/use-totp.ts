import { useMutation } from "@tanstack/react-query";
import type { RecoveryCodes, TotpDisableInput, TotpSetup } from "../../../../shared/schemas/security.ts";
import { api } from "../../../lib/api.ts";
import { useRefreshSecurity } from "./use-security.ts";

/** A new secret to scan (POST /api/totp/setup); nothing is on until the first code confirms it. */
export function useStartTotpSetup() {
  return useMutation({ mutationFn: () => api.post<TotpSetup>("/api/totp/setup") });
}

/** Turns the authenticator app on with its first code; answers the recovery codes, shown this once. */
export function useEnableTotp() {
  const refresh = useRefreshSecurity();
  return useMutation({
    mutationFn: (code: string) => api.post<RecoveryCodes>("/api/totp/enable", { code }),
    onSuccess: refresh,
  });
}

/** Ten new recovery codes, the old ones void (POST /api/recovery-codes); the server may ask for a fresh check. */
export function useRenewRecoveryCodes() {
  const refresh = useRefreshSecurity();
  return useMutation({
    mutationFn: () => api.post<RecoveryCodes>("/api/recovery-codes"),
    onSuccess: refresh,
  });
}

/** Turns the authenticator app off with a current code or the password. */
export function useDisableTotp() {
  const refresh = useRefreshSecurity();
  return useMutation({
    mutationFn: (input: TotpDisableInput) => api.post<void>("/api/totp/disable", input),
    onSuccess: refresh,
  });
}
