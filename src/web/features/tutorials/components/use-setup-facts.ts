import { useUser } from "../../auth/api/current-user.ts";
import { useDashboard } from "../../dashboard/api/dashboard.ts";
import { useSpeakerProfile } from "../../profile/api/speaker-profile.ts";
import type { SetupFact } from "../content/guides.ts";

/**
 * The Essential setup checklist's ticks, from the account's real data: the user, the saved profile and
 * the dashboard's record counts. Undefined while they load.
 */
export function useSetupFacts(): Record<SetupFact, boolean> | undefined {
  const { data: user } = useUser();
  const profile = useSpeakerProfile();
  const dashboard = useDashboard();
  if (!user || !profile.data || !dashboard.data) return undefined;
  const { events, clients } = dashboard.data.counts;
  return {
    emailVerified: user.emailVerified,
    profileSaved: Boolean(profile.data.name?.trim()),
    // No import history is kept: any records mean the speaker's existing bookings are in.
    bookImported: events > 0 || clients > 0,
    eventExists: events > 0,
  };
}
