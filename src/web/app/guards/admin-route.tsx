import { ShieldAlert } from "lucide-react";
import { Link, Outlet } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { useUser } from "../../features/auth/api/current-user.ts";

/**
 * Admin pages for admins only. The server enforces this on every /api/admin call (DESIGN §5); this guard
 * only spares other users a page of errors.
 */
export function AdminRoute() {
  const { data: user } = useUser();
  if (user?.isAdmin) return <Outlet />;
  return (
    <div className="mx-auto max-w-2xl pt-6">
      <EmptyState
        icon={ShieldAlert}
        title="Access Denied"
        headingLevel={1}
        description="You do not have permission to access this admin area. This page is restricted to administrators only."
        action={
          <Button asChild>
            <Link to="/">Return to Dashboard</Link>
          </Button>
        }
      />
    </div>
  );
}
