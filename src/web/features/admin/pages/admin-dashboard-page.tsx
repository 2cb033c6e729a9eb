import { Megaphone } from "lucide-react";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button.tsx";
import { ErrorState } from "../../../components/ui/error-state.tsx";
import { PageHeader } from "../../../components/ui/page-header.tsx";
import { LoadingScreen } from "../../../components/ui/spinner.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../components/ui/tabs.tsx";
import { useAdminStats } from "../api/admin.ts";
import { AuditLogTab } from "../components/audit-log-tab.tsx";
import { FeedbackTab } from "../components/feedback-tab.tsx";
import { StatsOverview } from "../components/stats-overview.tsx";
import { UsersTab } from "../components/users-tab.tsx";

/** /admin: the health of this Podium installation, its users, their feedback and the admins' actions. */
export default function AdminDashboardPage() {
  const stats = useAdminStats();
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Admin Dashboard"
        description="The health of this Podium installation, its users and what they tell us."
        actions={
          <Button asChild variant="outline">
            <Link to="/admin/announcements">
              <Megaphone aria-hidden="true" />
              Announcements
            </Link>
          </Button>
        }
      />
      <Tabs defaultValue="overview">
        <TabsList>
          <TabsTrigger value="overview">Overview</TabsTrigger>
          <TabsTrigger value="users">Users</TabsTrigger>
          <TabsTrigger value="feedback">Feedback</TabsTrigger>
          <TabsTrigger value="audit">Audit log</TabsTrigger>
        </TabsList>
        <TabsContent value="overview">
          {stats.isPending ? (
            <LoadingScreen className="min-h-48" />
          ) : stats.isError ? (
            <ErrorState
              title="Could not load the statistics"
              error={stats.error}
              onRetry={() => stats.refetch()}
            />
          ) : (
            <StatsOverview stats={stats.data} />
          )}
        </TabsContent>
        <TabsContent value="users">
          <UsersTab />
        </TabsContent>
        <TabsContent value="feedback">
          <FeedbackTab />
        </TabsContent>
        <TabsContent value="audit">
          <AuditLogTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
