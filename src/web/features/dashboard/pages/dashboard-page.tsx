import type { ReactNode } from "react";
import type { User } from "../../../../shared/schemas/auth.ts";
import type { Dashboard } from "../../../../shared/schemas/dashboard.ts";
import type { SpeakerProfile } from "../../../../shared/schemas/profile.ts";
import { ErrorState } from "../../../components/ui/error-state.tsx";
import { PageHeader } from "../../../components/ui/page-header.tsx";
import { LoadingScreen } from "../../../components/ui/spinner.tsx";
import { useUser } from "../../auth/api/current-user.ts";
import { useSpeakerProfile } from "../../profile/api/speaker-profile.ts";
import { useDashboard } from "../api/dashboard.ts";
import { ActionItemsCard } from "../components/action-items-card.tsx";
import { FirstSteps } from "../components/first-steps.tsx";
import { type ChecklistItem, GettingStartedChecklist } from "../components/getting-started-checklist.tsx";
import { RecentlyBookedCard } from "../components/recently-booked-card.tsx";
import { UpcomingEventsCard } from "../components/upcoming-events-card.tsx";
import { YearFiguresCard } from "../components/year-figures-card.tsx";

function listFirstSteps(
  user: User | null | undefined,
  profile: SpeakerProfile | undefined,
  dashboard: Dashboard,
): ChecklistItem[] {
  const { events: eventCount } = dashboard.counts;
  return [
    {
      title: "Verify your e-mail",
      description: "Open the link we sent you, so reminders and password resets reach you.",
      to: "/account-settings",
      linkLabel: "Account Settings",
      isDone: Boolean(user?.emailVerified),
    },
    {
      title: "Complete your profile",
      description: "Add your name, title and business details; they appear on what you share.",
      to: "/profile",
      linkLabel: "Edit profile",
      isDone: Boolean(profile?.name?.trim()),
    },
    {
      title: "Add your first event",
      description: "Record a booking, a hold or an inquiry with its date, venue and fee.",
      to: "/events?new=1",
      linkLabel: "Add an event",
      isDone: eventCount > 0,
    },
    {
      title: "Import your spreadsheet",
      description: "Already track bookings in Excel? Bring in events, clients and bureau partners at once.",
      to: "/account-settings?tab=data",
      linkLabel: "Data Management",
      isDone: dashboard.hasImported,
    },
  ];
}

export default function DashboardPage() {
  const { data: user } = useUser();
  const { data: profile } = useSpeakerProfile();
  const dashboard = useDashboard();
  const name = profile?.name?.trim() || user?.username || "";

  let content: ReactNode;
  if (dashboard.isPending) {
    content = <LoadingScreen className="min-h-64" />;
  } else if (dashboard.isError) {
    content = (
      <ErrorState
        title="Could not load your dashboard"
        error={dashboard.error}
        onRetry={() => dashboard.refetch()}
      />
    );
  } else {
    const data = dashboard.data;
    const checklist = listFirstSteps(user, profile, data);
    const isChecklistDone = checklist.every((item) => item.isDone);
    // A speaker's own tasks (which need no event) show before the first event too.
    content =
      data.counts.events === 0 ? (
        <>
          {data.actionItems.length > 0 && <ActionItemsCard items={data.actionItems} today={data.today} />}
          <FirstSteps />
          <GettingStartedChecklist items={checklist} />
        </>
      ) : (
        <>
          {data.recentlyBooked.length > 0 && <RecentlyBookedCard booked={data.recentlyBooked} />}
          <YearFiguresCard totals={data.totals} />
          <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
            <ActionItemsCard items={data.actionItems} today={data.today} />
            <UpcomingEventsCard events={data.upcoming} today={data.today} />
          </div>
          {!isChecklistDone && <GettingStartedChecklist items={checklist} />}
        </>
      );
  }

  return (
    <div className="grid gap-6">
      <PageHeader
        title={name ? `Welcome, ${name}` : "Welcome"}
        description="Your speaking business at a glance: what is booked, what needs attention and what comes next."
      />
      {content}
    </div>
  );
}
