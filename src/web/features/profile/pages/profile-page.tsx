import { useSearchParams } from "react-router";
import { ChangesAllowed } from "../../../components/changes-allowed.tsx";
import { ErrorState } from "../../../components/ui/error-state.tsx";
import { PageHeader } from "../../../components/ui/page-header.tsx";
import { LoadingScreen } from "../../../components/ui/spinner.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../components/ui/tabs.tsx";
import { MediaKitPanel, ShareLinksTab } from "../../media-kit/components/media-kit-panel.tsx";
import { useSpeakerProfile } from "../api/speaker-profile.ts";
import { ProfileForm } from "../components/profile-form.tsx";

const TABS = ["details", "media-kit", "share-links"] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => TABS.includes(value as Tab);

export default function ProfilePage() {
  const [params, setParams] = useSearchParams();
  const tabParam = params.get("tab");
  const tab = isTab(tabParam) ? tabParam : "details";
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Profile"
        description="Your speaker profile, the media kit planners see, and the links you share it with."
      />
      <Tabs
        value={tab}
        onValueChange={(value) => setParams(value === "details" ? {} : { tab: value }, { replace: true })}
      >
        <TabsList aria-label="Profile sections">
          <TabsTrigger value="details">Details</TabsTrigger>
          <TabsTrigger value="media-kit">Media kit</TabsTrigger>
          <TabsTrigger value="share-links">Share links</TabsTrigger>
        </TabsList>
        <TabsContent value="details">
          <ChangesAllowed kind="book">
            <ProfileDetails />
          </ChangesAllowed>
        </TabsContent>
        <TabsContent value="media-kit">
          <ChangesAllowed kind="book">
            <MediaKitPanel />
          </ChangesAllowed>
        </TabsContent>
        <TabsContent value="share-links">
          <ChangesAllowed kind="book">
            <ShareLinksTab />
          </ChangesAllowed>
        </TabsContent>
      </Tabs>
    </div>
  );
}

function ProfileDetails() {
  const profile = useSpeakerProfile();
  if (profile.isPending) return <LoadingScreen className="min-h-64" />;
  if (profile.isError) {
    return (
      <ErrorState
        title="Could not load your profile"
        error={profile.error}
        onRetry={() => profile.refetch()}
      />
    );
  }
  return <ProfileForm profile={profile.data} />;
}
