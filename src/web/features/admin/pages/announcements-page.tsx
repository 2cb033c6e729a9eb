import { Megaphone, Pencil, Plus, Trash2 } from "lucide-react";
import { type ReactNode, useState } from "react";
import { ANNOUNCEMENT_AUDIENCE_LABELS, type Announcement } from "../../../../shared/schemas/announcements.ts";
import { ConfirmDialog } from "../../../components/ui/alert-dialog.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent } from "../../../components/ui/card.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { ErrorState } from "../../../components/ui/error-state.tsx";
import { PageHeader } from "../../../components/ui/page-header.tsx";
import { LoadingScreen } from "../../../components/ui/spinner.tsx";
import { describeError } from "../../../lib/api.ts";
import { formatInstant } from "../../../lib/format.ts";
import { toast } from "../../../lib/toast.ts";
import { SafeMarkdown } from "../../announcements/components/safe-markdown.tsx";
import { useAdminAnnouncements, useDeleteAnnouncement } from "../api/announcements.ts";
import { AnnouncementFormDialog } from "../components/announcement-form-dialog.tsx";

function describeSchedule(announcement: Announcement, now: number) {
  const starts = announcement.startsAt ? Date.parse(announcement.startsAt) : null;
  const ends = announcement.endsAt ? Date.parse(announcement.endsAt) : null;
  if (ends !== null && ends <= now) return { label: "Ended", variant: "neutral" as const };
  if (starts !== null && starts > now) return { label: "Scheduled", variant: "primary" as const };
  return { label: "Live", variant: "success" as const };
}

/** /admin/announcements: write, schedule, target, preview and delete the banners speakers see. */
export default function AnnouncementsPage() {
  const announcements = useAdminAnnouncements();
  const remove = useDeleteAnnouncement();
  const [editing, setEditing] = useState<Announcement | "new" | null>(null);
  const [deleting, setDeleting] = useState<Announcement | null>(null);
  const now = Date.now();

  let content: ReactNode;
  if (announcements.isPending) content = <LoadingScreen className="min-h-48" />;
  else if (announcements.isError)
    content = (
      <ErrorState
        title="Could not load the announcements"
        error={announcements.error}
        onRetry={() => announcements.refetch()}
      />
    );
  else if (announcements.data.length === 0)
    content = (
      <EmptyState
        icon={Megaphone}
        title="No announcements yet"
        description="Tell every speaker about a new feature, planned maintenance or a change to the service."
      />
    );
  else
    content = (
      <ul className="grid gap-4">
        {announcements.data.map((announcement) => {
          const status = describeSchedule(announcement, now);
          return (
            <li key={announcement.id}>
              <Card>
                <CardContent className="grid gap-3 pt-5 sm:pt-6">
                  <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
                    <div className="grid gap-1">
                      <h2 className="font-semibold [overflow-wrap:anywhere]">{announcement.title}</h2>
                      <div className="flex flex-wrap gap-1.5">
                        <Badge variant={status.variant}>{status.label}</Badge>
                        <Badge variant={announcement.severity === "warning" ? "warning" : "neutral"}>
                          {announcement.severity === "warning" ? "Warning" : "Info"}
                        </Badge>
                        <Badge>{ANNOUNCEMENT_AUDIENCE_LABELS[announcement.audience]}</Badge>
                      </div>
                    </div>
                    <div className="flex gap-2">
                      <Button variant="outline" size="sm" onClick={() => setEditing(announcement)}>
                        <Pencil aria-hidden="true" />
                        Edit<span className="sr-only"> {announcement.title}</span>
                      </Button>
                      <Button variant="outline" size="sm" onClick={() => setDeleting(announcement)}>
                        <Trash2 aria-hidden="true" />
                        Delete<span className="sr-only"> {announcement.title}</span>
                      </Button>
                    </div>
                  </div>
                  <SafeMarkdown className="text-muted-foreground [overflow-wrap:anywhere]">
                    {announcement.body}
                  </SafeMarkdown>
                  <p className="text-xs text-muted-foreground">
                    {announcement.startsAt
                      ? `From ${formatInstant(announcement.startsAt)}`
                      : "From its creation"}
                    {announcement.endsAt ? ` until ${formatInstant(announcement.endsAt)}` : ", without end"}
                  </p>
                </CardContent>
              </Card>
            </li>
          );
        })}
      </ul>
    );

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Announcements"
        description="Notices every signed-in speaker sees as a banner — new features, planned maintenance, changes to the service — until they dismiss them."
        actions={
          <Button onClick={() => setEditing("new")}>
            <Plus aria-hidden="true" />
            New announcement
          </Button>
        }
      />
      {content}
      <AnnouncementFormDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        announcement={editing === "new" || editing === null ? undefined : editing}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this announcement?"
        description={`"${deleting?.title ?? ""}" disappears for every speaker. This cannot be undone.`}
        confirmLabel="Delete"
        isDestructive
        isPending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
              toast({ title: "Announcement deleted" });
            },
            onError: (error) =>
              toast({
                title: "Error",
                description: describeError(error, "Could not delete"),
                variant: "destructive",
              }),
          })
        }
      />
    </div>
  );
}
