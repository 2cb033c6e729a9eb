import { useUser } from "../../auth/api/current-user.ts";
import { useDashboard } from "../../dashboard/api/dashboard.ts";
import { useMediaKit } from "../../media-kit/api/media-kit.ts";
import { useSpeakerProfile } from "../../profile/api/speaker-profile.ts";
import type { SetupFact } from "../content/guides.ts";

/**
 * The Essential setup checklist's ticks, from the account's real data: the user, the saved profile and
 * the media kit and the dashboard's record counts. Undefined while they load.
 */
export function useSetupFacts(): Record<SetupFact, boolean> | undefined {
  const { data: user } = useUser();
  const profile = useSpeakerProfile();
  const dashboard = useDashboard();
  const mediaKit = useMediaKit();
  if (!user || !profile.data || !dashboard.data || !mediaKit.data) return undefined;
  const { events, clients } = dashboard.data.counts;
  return {
    emailVerified: user.emailVerified,
    profileSaved: Boolean(profile.data.name?.trim()),
    // A kit has its public address once it has a slug.
    mediaKitPublished: mediaKit.data.slug !== null,
    // No import history is kept: any records mean the speaker's existing bookings are in.
    bookImported: events > 0 || clients > 0,
    eventExists: events > 0,
  };
}
