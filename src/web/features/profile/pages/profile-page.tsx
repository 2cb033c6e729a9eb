import { ErrorState } from "../../../components/ui/error-state.tsx";
import { PageHeader } from "../../../components/ui/page-header.tsx";
import { LoadingScreen } from "../../../components/ui/spinner.tsx";
import { useSpeakerProfile } from "../api/speaker-profile.ts";
import { ProfileForm } from "../components/profile-form.tsx";

export default function ProfilePage() {
  const profile = useSpeakerProfile();
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Profile"
        description="Your speaker profile: who you are, how to reach you, and your income goal for the year."
      />
      {profile.isPending ? (
        <LoadingScreen className="min-h-64" />
      ) : profile.isError ? (
        <ErrorState
          title="Could not load your profile"
          error={profile.error}
          onRetry={() => profile.refetch()}
        />
      ) : (
        <ProfileForm profile={profile.data} />
      )}
    </div>
  );
}
