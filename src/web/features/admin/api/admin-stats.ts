import { useQuery } from "@tanstack/react-query";
import type { AdminStats } from "../../../../shared/schemas/admin.ts";

/** GET /api/admin/stats: counts of user accounts, for the Admin Dashboard. */
export function useAdminStats() {
  return useQuery<AdminStats>({ queryKey: ["/api/admin/stats"] });
}
