import { useMutation } from "@tanstack/react-query";
import type { Promotion } from "../../../../shared/schemas/billing.ts";
import { api } from "../../../lib/api.ts";

/** GET /api/public/promo/:code: what a code gives; a 404 (unknown code) rejects with the server's words. */
export function usePromotionLookup() {
  return useMutation({
    mutationFn: (code: string) => api.get<Promotion>(`/api/public/promo/${encodeURIComponent(code)}`),
  });
}
