import { FileText } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { ErrorState } from "../../../components/ui/error-state.tsx";
import { LoadingScreen } from "../../../components/ui/spinner.tsx";
import { useFiles } from "../api/files.ts";
import { ONE_SHEET_URL, useMediaKit } from "../api/media-kit.ts";
import { InquiryFormSnippet } from "./inquiry-form-snippet.tsx";
import { MediaKitFiles } from "./media-kit-files.tsx";
import { MediaKitForm } from "./media-kit-form.tsx";
import { ShareLinksPanel } from "./share-links-panel.tsx";

function useKitAndFiles() {
  const kit = useMediaKit();
  const files = useFiles();
  return { kit, files, query: kit.isError ? kit : files };
}

/** The "Media kit" tab of /profile: the kit's words, its headshots and resources, the one-sheet. */
export function MediaKitPanel() {
  const { kit, files, query } = useKitAndFiles();
  if (kit.isPending || files.isPending) return <LoadingScreen className="min-h-64" />;
  if (kit.isError || files.isError) {
    return (
      <ErrorState title="Could not load your media kit" error={query.error} onRetry={() => query.refetch()} />
    );
  }
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border bg-card p-4">
        <p className="text-sm text-muted-foreground">
          Your one-sheet is made from this media kit and your profile: one or two US Letter pages.
        </p>
        <Button variant="outline" asChild>
          <a href={ONE_SHEET_URL} target="_blank" rel="noopener">
            <FileText aria-hidden="true" /> Download one-sheet (PDF)
          </a>
        </Button>
      </div>
      <MediaKitFiles use="headshot" kit={kit.data} files={files.data.items} />
      <MediaKitForm kit={kit.data} appOrigin={window.location.origin} />
      <MediaKitFiles use="resource" kit={kit.data} files={files.data.items} />
    </div>
  );
}

/** The "Share links" tab of /profile. */
export function ShareLinksTab() {
  const { kit, files, query } = useKitAndFiles();
  if (kit.isPending || files.isPending) return <LoadingScreen className="min-h-64" />;
  if (kit.isError || files.isError) {
    return (
      <ErrorState title="Could not load your files" error={query.error} onRetry={() => query.refetch()} />
    );
  }
  return (
    <div className="grid gap-6">
      <InquiryFormSnippet slug={kit.data.slug} origin={window.location.origin} />
      <ShareLinksPanel files={files.data.items} hasSlug={Boolean(kit.data.slug)} />
    </div>
  );
}
