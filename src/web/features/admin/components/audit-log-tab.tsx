import type { AuditEntry } from "../../../../shared/schemas/admin.ts";
import { Card, CardContent } from "../../../components/ui/card.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { formatInstant } from "../../../lib/format.ts";
import { useAuditLog } from "../api/admin.ts";
import { LoadMore } from "./load-more.tsx";

/** One audit entry as a sentence. */
export function describeAuditEntry(entry: AuditEntry): string {
  const target = entry.targetUsername ?? "";
  const detail = entry.detail as Record<string, string | number | string[] | undefined>;
  switch (entry.action) {
    case "user.role_changed":
      return detail.to === "admin" ? `granted admin to ${target}` : `revoked admin from ${target}`;
    case "user.disabled":
      return `disabled ${target}`;
    case "user.enabled":
      return `enabled ${target}`;
    case "user.verification_resent":
      return `resent the verification e-mail to ${target}`;
    case "mail.failed_retried":
      return `queued ${detail.count ?? 0} failed e-mails again`;
    case "announcement.created":
      return `created the announcement "${detail.title}"`;
    case "announcement.updated":
      return `edited the announcement "${detail.title}"`;
    case "announcement.deleted":
      return `deleted the announcement "${detail.title}"`;
    case "billing.cancel_refused":
      return `deleted their account, but Stripe refused to cancel subscription ${detail.stripeSubscriptionId} (${detail.error}): cancel it in the Stripe Dashboard`;
    default:
      return entry.action;
  }
}

/** Every admin action, newest first; entries are never changed or removed. */
export function AuditLogTab() {
  const log = useAuditLog();
  if (log.isPending) return <Spinner label="Loading the audit log" className="size-6 text-primary" />;
  if (log.isError)
    return (
      <p role="alert" className="text-destructive">
        {log.error.message}
      </p>
    );
  const items = log.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return <p className="text-muted-foreground">No admin action yet.</p>;
  return (
    <div className="grid gap-4">
      <Card>
        <CardContent className="p-0">
          <ol aria-label="Audit log" className="divide-y divide-border">
            {items.map((entry) => (
              <li key={entry.id} className="grid gap-0.5 px-4 py-3">
                <p className="[overflow-wrap:anywhere]">
                  <span className="font-medium">{entry.actorUsername}</span> {describeAuditEntry(entry)}
                </p>
                <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]">
                  {formatInstant(entry.createdAt)}
                  {entry.ip && ` · ${entry.ip}`}
                  {entry.userAgent && ` · ${entry.userAgent}`}
                </p>
              </li>
            ))}
          </ol>
        </CardContent>
      </Card>
      <LoadMore pages={log} />
    </div>
  );
}
