import { useQuery } from "@tanstack/react-query";

/** GET /api/admin/stats: counts of user accounts, for the Admin Dashboard. */
export type AdminStats = {
  totalUsers: number;
  verifiedUsers: number;
  adminUsers: number;
  /** Accounts created in the last 30 days. */
  newUsersLast30Days: number;
};

export function useAdminStats() {
  return useQuery<AdminStats>({ queryKey: ["/api/admin/stats"] });
}
