import { useState } from "react";
import type { StoredFile } from "../../../../shared/schemas/files.ts";
import type { ShareLink } from "../../../../shared/schemas/share-links.ts";
import { ConfirmDialog } from "../../../components/ui/alert-dialog.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { ErrorState } from "../../../components/ui/error-state.tsx";
import { LoadingScreen } from "../../../components/ui/spinner.tsx";
import { describeError } from "../../../lib/api.ts";
import { toast } from "../../../lib/toast.ts";
import { useRevokeShareLink, useShareLinks } from "../api/share-links.ts";
import { CreatedLink } from "./created-link.tsx";
import { ShareLinkForm } from "./share-link-form.tsx";

const formatInstant = (iso: string) =>
  new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });

function statusOf(link: ShareLink, now: number) {
  if (link.revokedAt) return { label: "Revoked", variant: "destructive" as const };
  if (link.expiresAt && Date.parse(link.expiresAt) <= now)
    return { label: "Expired", variant: "warning" as const };
  return { label: "Active", variant: "success" as const };
}

/** Share links: create one (its address shown once), see each link's views and downloads, revoke. */
export function ShareLinksPanel({ files, hasSlug }: { files: StoredFile[]; hasSlug: boolean }) {
  const links = useShareLinks();
  const revoke = useRevokeShareLink();
  const [created, setCreated] = useState<ShareLink | null>(null);
  const [revoking, setRevoking] = useState<ShareLink | null>(null);
  const now = Date.now();

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle className="text-base">New link</CardTitle>
          <CardDescription>
            One address a planner opens on any device, without an account. Its address is shown only once,
            right after you create it.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {created?.url ? (
            <CreatedLink url={created.url} label={created.label} onDone={() => setCreated(null)} />
          ) : (
            <ShareLinkForm files={files} hasSlug={hasSlug} onCreated={setCreated} />
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="text-base">Your links</CardTitle>
          <CardDescription>
            Views and downloads by the people you sent them to; your own visits are not counted.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {links.isPending ? (
            <LoadingScreen className="min-h-32" />
          ) : links.isError ? (
            <ErrorState
              title="Could not load your links"
              error={links.error}
              onRetry={() => links.refetch()}
            />
          ) : links.data.items.length === 0 ? (
            <p className="text-sm text-muted-foreground">No links yet.</p>
          ) : (
            <ul className="grid gap-3">
              {links.data.items.map((link) => {
                const status = statusOf(link, now);
                return (
                  <li key={link.id} className="grid gap-2 rounded-md border border-border p-3">
                    <div className="flex flex-wrap items-center gap-2">
                      <span className="font-medium">{link.label}</span>
                      <Badge variant={status.variant}>{status.label}</Badge>
                      <Badge>
                        {link.kind === "media_kit" ? "Media kit" : `${link.fileIds.length} files`}
                      </Badge>
                    </div>
                    <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
                      <div>
                        <dt className="text-muted-foreground">Views</dt>
                        <dd className="tabular-nums">{link.viewCount}</dd>
                      </div>
                      <div>
                        <dt className="text-muted-foreground">Downloads</dt>
                        <dd className="tabular-nums">{link.downloadCount}</dd>
                      </div>
                      <div>
                        <dt className="text-muted-foreground">Last viewed</dt>
                        <dd>{link.lastViewedAt ? formatInstant(link.lastViewedAt) : "Not yet"}</dd>
                      </div>
                      <div>
                        <dt className="text-muted-foreground">{link.revokedAt ? "Revoked" : "Expires"}</dt>
                        <dd>
                          {link.revokedAt
                            ? formatInstant(link.revokedAt)
                            : link.expiresAt
                              ? formatInstant(link.expiresAt)
                              : "Never"}
                        </dd>
                      </div>
                    </dl>
                    {!link.revokedAt && (
                      <div>
                        <Button variant="outline" size="sm" onClick={() => setRevoking(link)}>
                          Revoke
                        </Button>
                      </div>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </CardContent>
      </Card>
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={`Revoke “${revoking?.label ?? ""}”?`}
        description="Anyone who opens this link will see “This link is no longer available”. This cannot be undone."
        confirmLabel="Revoke link"
        isDestructive
        isPending={revoke.isPending}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              setRevoking(null);
              toast({ title: "Link revoked" });
            },
            onError: (error) => {
              setRevoking(null);
              toast({
                title: "Could not revoke the link",
                description: describeError(error, "Please try again."),
                variant: "destructive",
              });
            },
          })
        }
      />
    </div>
  );
}
