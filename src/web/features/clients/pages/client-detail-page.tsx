import { ArrowLeft, UserX } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { EmailLink, PhoneLink, WebsiteLink } from "../../../components/contact-links.tsx";
import { RecordActions } from "../../../components/record-actions.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { ErrorState } from "../../../components/ui/error-state.tsx";
import { LoadingScreen } from "../../../components/ui/spinner.tsx";
import { ApiError } from "../../../lib/api.ts";
import { useRecord } from "../api/get-record.ts";
import { describeRecord, RECORD_KINDS, type RecordKind } from "../api/record-kinds.ts";
import { DeleteRecordDialog } from "../components/delete-record-dialog.tsx";
import { RecordEventsCard } from "../components/record-events-card.tsx";
import { RecordFormDialog } from "../components/record-form-dialog.tsx";

/** A client (`/clients/:id`) or a bureau partner (`/clients/:id?type=partner`) with all its events. */
export default function ClientDetailPage() {
  const { id = "" } = useParams();
  const [params] = useSearchParams();
  const kind: RecordKind = params.get("type") === "partner" ? "partner" : "client";
  const info = RECORD_KINDS[kind];
  const listHref = kind === "client" ? "/clients" : "/clients?tab=partners";
  const navigate = useNavigate();
  const query = useRecord(kind, id);
  const [isEditing, setIsEditing] = useState(false);
  const [isDeleting, setIsDeleting] = useState(false);
  const record = query.data;

  const backLink = (
    <Link
      to={listHref}
      className="inline-flex items-center gap-1 rounded-sm text-sm font-medium text-primary hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      All {info.nounPlural}
    </Link>
  );

  if (query.isPending) return <LoadingScreen />;
  if (query.isError || !record) {
    const isMissing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <div className="grid gap-4">
        {backLink}
        {isMissing ? (
          <EmptyState
            icon={UserX}
            headingLevel={1}
            title={`${info.title} not found`}
            description="It may have been deleted, or the link is not quite right."
          />
        ) : (
          <ErrorState
            title={`Could not load this ${info.noun}`}
            error={query.error}
            onRetry={() => query.refetch()}
          />
        )}
      </div>
    );
  }

  const described = describeRecord(record);
  const subtitle = described && kind === "partner" ? `Your contact: ${described}` : described;
  const hasContact = record.email || record.phone || record.website;

  return (
    <div className="grid gap-6">
      <div className="grid gap-3">
        {backLink}
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="grid min-w-0 gap-1">
            <p className="text-sm font-medium text-muted-foreground">{info.title}</p>
            <h1 className="text-2xl font-semibold break-words sm:text-3xl">{record.name}</h1>
            {subtitle && <p className="text-muted-foreground">{subtitle}</p>}
          </div>
          <RecordActions onEdit={() => setIsEditing(true)} onDelete={() => setIsDeleting(true)} />
        </div>
      </div>

      <div className="grid gap-6 lg:grid-cols-3 lg:items-start">
        <div className="grid gap-6">
          <Card>
            <CardHeader>
              <CardTitle className="text-base">Contact</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-2">
              {record.email && <EmailLink email={record.email} />}
              {record.phone && <PhoneLink phone={record.phone} />}
              {record.website && <WebsiteLink url={record.website} />}
              {!hasContact && <p className="text-sm text-muted-foreground">No contact details yet.</p>}
            </CardContent>
          </Card>
          {record.notes && (
            <Card>
              <CardHeader>
                <CardTitle className="text-base">Notes</CardTitle>
              </CardHeader>
              <CardContent>
                <p className="text-sm whitespace-pre-line">{record.notes}</p>
              </CardContent>
            </Card>
          )}
        </div>

        <RecordEventsCard kind={kind} record={record} />
      </div>

      <RecordFormDialog kind={kind} open={isEditing} onOpenChange={setIsEditing} record={record} />
      <DeleteRecordDialog
        kind={kind}
        record={isDeleting ? record : null}
        onClose={() => setIsDeleting(false)}
        onDeleted={() => navigate(listHref)}
      />
    </div>
  );
}
