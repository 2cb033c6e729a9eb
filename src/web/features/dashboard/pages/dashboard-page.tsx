import { useQuery } from "@tanstack/react-query";
import type { Dashboard } from "../../../../shared/schemas/dashboard.ts";
import { PageHeader } from "../../../components/ui/page-header.tsx";
import { useUser } from "../../auth/api/current-user.ts";
import { useSpeakerProfile } from "../../profile/api/speaker-profile.ts";
import { type ChecklistItem, GettingStartedChecklist } from "../components/getting-started-checklist.tsx";

/** Today in the speaker's own calendar, so "this year" and "upcoming" follow their clock. */
function localToday() {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

export default function DashboardPage() {
  const { data: user } = useUser();
  const { data: profile } = useSpeakerProfile();
  const { data: dashboard } = useQuery<Dashboard>({ queryKey: ["/api/dashboard", { today: localToday() }] });
  const name = profile?.name?.trim() || user?.username || "";
  const eventCount = dashboard?.counts.events ?? 0;
  const clientCount = dashboard?.counts.clients ?? 0;

  const checklist: ChecklistItem[] = [
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
      to: "/events",
      linkLabel: "Go to Events",
      isDone: eventCount > 0,
    },
    {
      title: "Import your spreadsheet",
      description: "Already track bookings in Excel? Bring in events, clients and bureau partners at once.",
      to: "/account-settings",
      linkLabel: "Data Management",
      // No import history is kept: any records mean the speaker's existing bookings are in.
      isDone: eventCount > 0 || clientCount > 0,
    },
  ];

  return (
    <div className="grid gap-6">
      <PageHeader
        title={name ? `Welcome, ${name}` : "Welcome"}
        description="Your speaking business at a glance: what is booked, what needs attention and what comes next."
      />
      <GettingStartedChecklist items={checklist} />
    </div>
  );
}
