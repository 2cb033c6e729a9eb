import { Navigate, Outlet } from "react-router";
import { LoadingScreen } from "../../components/ui/spinner.tsx";
import { useUser } from "../../features/auth/api/current-user.ts";

/** Spec §2's guard: a spinner while the user loads, /auth when there is no user or loading failed. */
export function ProtectedRoute() {
  const { data: user, isPending, isError } = useUser();
  if (isPending) return <LoadingScreen className="min-h-dvh" />;
  if (isError || !user) return <Navigate to="/auth" replace />;
  return <Outlet />;
}
