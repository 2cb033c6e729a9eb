import { Info, TriangleAlert, X } from "lucide-react";
import { lazy, Suspense } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { cn } from "../../../lib/cn.ts";
import { useActiveAnnouncements, useDismissAnnouncement } from "../api/announcements.ts";

// The Markdown renderer is large and most sessions have no announcement: it loads only when one shows,
// which keeps it out of the signed-in shell's JavaScript budget.
const SafeMarkdown = lazy(() =>
  import("./safe-markdown.tsx").then((module) => ({ default: module.SafeMarkdown })),
);

/** The admins' announcements, at the top of the signed-in area, each dismissed for good with its X. */
export function AnnouncementBanner() {
  const { data: announcements } = useActiveAnnouncements();
  const dismiss = useDismissAnnouncement();
  if (!announcements?.length) return null;
  return (
    <div>
      {announcements.map((announcement) => {
        const isWarning = announcement.severity === "warning";
        const Icon = isWarning ? TriangleAlert : Info;
        return (
          <section
            key={announcement.id}
            aria-labelledby={`announcement-${announcement.id}`}
            className={cn(
              "border-b px-4 py-3 sm:px-6 lg:px-8",
              isWarning ? "border-warning/40 bg-warning-soft" : "border-border bg-primary-soft",
            )}
          >
            <div className="flex items-start gap-3">
              <Icon
                aria-hidden="true"
                className={cn("mt-0.5 size-5 shrink-0", isWarning ? "text-warning" : "text-primary")}
              />
              <div className="grid min-w-0 flex-1 gap-1">
                <h2 id={`announcement-${announcement.id}`} className="text-sm font-semibold">
                  {announcement.title}
                </h2>
                <Suspense fallback={<p className="text-sm [overflow-wrap:anywhere]">{announcement.body}</p>}>
                  <SafeMarkdown className="text-foreground [overflow-wrap:anywhere]">
                    {announcement.body}
                  </SafeMarkdown>
                </Suspense>
              </div>
              <Button
                variant="ghost"
                size="icon"
                className="-mt-1.5 -mr-2 size-9"
                aria-label={`Dismiss "${announcement.title}"`}
                onClick={() => dismiss.mutate(announcement.id)}
              >
                <X aria-hidden="true" />
              </Button>
            </div>
          </section>
        );
      })}
    </div>
  );
}
