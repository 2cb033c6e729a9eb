import { Link } from "react-router";
import type { AdminStats } from "../../../../shared/schemas/admin.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent } from "../../../components/ui/card.tsx";
import { PageHeader } from "../../../components/ui/page-header.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { useAdminStats } from "../api/admin-stats.ts";

const STAT_LABELS: { key: keyof AdminStats["users"]; label: string }[] = [
  { key: "total", label: "Accounts" },
  { key: "verified", label: "Verified e-mail" },
  { key: "trialing", label: "In their trial" },
  { key: "admins", label: "Administrators" },
];

export default function AdminDashboardPage() {
  const stats = useAdminStats();
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Admin Dashboard"
        description="How many speakers use this Podium installation."
        actions={
          <Button asChild variant="outline">
            <Link to="/admin/announcements">Announcements</Link>
          </Button>
        }
      />
      {stats.isPending ? (
        <Spinner label="Loading statistics" className="size-6 text-primary" />
      ) : stats.isError ? (
        <p role="alert" className="text-destructive">
          The statistics could not be loaded: {stats.error.message}
        </p>
      ) : (
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {STAT_LABELS.map(({ key, label }) => (
            <Card key={key}>
              <CardContent className="grid gap-1 pt-5 sm:pt-6">
                <dt className="text-sm text-muted-foreground">{label}</dt>
                <dd className="text-3xl font-semibold tabular-nums">
                  {stats.data.users[key].toLocaleString("en-US")}
                </dd>
              </CardContent>
            </Card>
          ))}
        </dl>
      )}
    </div>
  );
}
