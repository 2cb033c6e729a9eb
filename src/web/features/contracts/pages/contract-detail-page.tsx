import { ArrowLeft, Download, FileX } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import type { Contract } from "../../../../shared/schemas/contracts.ts";
import { describeActor } from "../../../../shared/schemas/team.ts";
import { ConfirmDialog } from "../../../components/ui/alert-dialog.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { ErrorState } from "../../../components/ui/error-state.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { LoadingScreen } from "../../../components/ui/spinner.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { ApiError, describeError } from "../../../lib/api.ts";
import { toast } from "../../../lib/toast.ts";
import { useCan } from "../../auth/api/current-user.ts";
import {
  useContract,
  useContractAudit,
  useDeleteDraft,
  useRemind,
  useUpdateDraft,
} from "../api/contracts.ts";
import { AgreementText } from "../components/agreement-text.tsx";
import { CountersignDialog, SendDialog, VoidDialog } from "../components/contract-dialogs.tsx";
import { ContractStatusBadge } from "../components/contract-status-badge.tsx";
import { formatDateTime } from "../components/format-time.ts";

const backLink = (
  <Link
    to="/contracts"
    className="inline-flex items-center gap-1 rounded-sm text-sm font-medium text-primary hover:underline"
  >
    <ArrowLeft aria-hidden="true" className="size-4" />
    All contracts
  </Link>
);

const AUDIT_LABEL: Record<string, string> = {
  created: "Draft created",
  sent: "Sent for signature",
  viewed: "Opened by the signer",
  consented: "Signer agreed to do business electronically",
  signed: "Signed by the client",
  countersigned: "Signed by you",
  completed: "Completed and sealed",
  reminded: "Reminder sent",
  declined: "Declined by the signer",
  voided: "Voided",
  expired: "Expired",
};

function DraftEditor({ contract }: { contract: Contract }) {
  const update = useUpdateDraft();
  const [title, setTitle] = useState(contract.title);
  const [body, setBody] = useState(contract.body);
  useEffect(() => {
    setTitle(contract.title);
    setBody(contract.body);
  }, [contract.title, contract.body]);
  const changed = title !== contract.title || body !== contract.body;
  const save = () =>
    update.mutate(
      { id: contract.id, title, body },
      {
        onSuccess: () => toast({ title: "Draft saved" }),
        onError: (error) =>
          toast({
            title: "Could not save the draft",
            description: describeError(error, "Please try again."),
            variant: "destructive",
          }),
      },
    );
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Edit the draft</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <FormField label="Title">
          <Input value={title} onChange={(event) => setTitle(event.target.value)} />
        </FormField>
        <FormField
          label="Agreement (Markdown)"
          description="Blank lines (______) mark details that were missing; replace them before sending."
        >
          <Textarea
            value={body}
            onChange={(event) => setBody(event.target.value)}
            rows={18}
            className="font-mono text-xs"
          />
        </FormField>
        <div className="flex justify-end">
          <Button onClick={save} disabled={!changed || update.isPending}>
            {update.isPending ? "Saving…" : "Save draft"}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

function Signers({ contract }: { contract: Contract }) {
  const rows = [
    {
      role: "Client",
      name: contract.signer ? `${contract.signer.name} (${contract.signer.email})` : "Not chosen yet",
      facts: [
        contract.viewedAt && `Opened ${formatDateTime(contract.viewedAt)}`,
        contract.clientSignedAt ? `Signed ${formatDateTime(contract.clientSignedAt)}` : "Not signed",
      ],
    },
    {
      role: "You",
      name: "Speaker",
      facts: [contract.speakerSignedAt ? `Signed ${formatDateTime(contract.speakerSignedAt)}` : "Not signed"],
    },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Signers</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {rows.map((row) => (
          <div key={row.role} className="grid gap-0.5">
            <p className="font-medium">{row.role}</p>
            <p className="break-words text-muted-foreground">{row.name}</p>
            <p className="text-muted-foreground">{row.facts.filter(Boolean).join(" · ")}</p>
          </div>
        ))}
      </CardContent>
    </Card>
  );
}

function Timeline({ id }: { id: string }) {
  const audit = useContractAudit(id);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Timeline</CardTitle>
      </CardHeader>
      <CardContent>
        {audit.isError ? (
          <p className="text-sm text-destructive">Could not load the timeline.</p>
        ) : (
          <ol className="grid gap-3 text-sm">
            {(audit.data ?? []).map((entry) => (
              <li
                key={`${entry.at}-${entry.type}`}
                className="grid gap-0.5 border-l-2 border-primary/40 pl-3"
              >
                <span className="font-medium">
                  {AUDIT_LABEL[entry.type] ?? entry.type}
                  {describeActor(entry.by) && (
                    <span className="font-normal text-muted-foreground"> {describeActor(entry.by)}</span>
                  )}
                </span>
                <span className="text-muted-foreground">
                  {formatDateTime(entry.at)}
                  {entry.ip ? ` · ${entry.ip}` : ""}
                </span>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

/** `/contracts/:id`: the document, its status, signers, timeline, and what can be done next. */
export default function ContractDetailPage() {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const query = useContract(id);
  const remind = useRemind();
  const remove = useDeleteDraft();
  const [dialog, setDialog] = useState<"send" | "countersign" | "void" | "delete" | null>(null);
  const canChange = useCan("contracts");
  const contract = query.data;
  if (query.isPending) return <LoadingScreen />;
  if (query.isError || !contract) {
    const isMissing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <div className="grid gap-4">
        {backLink}
        {isMissing ? (
          <EmptyState
            icon={FileX}
            headingLevel={1}
            title="Contract not found"
            description="It may have been deleted, or the link is not quite right."
          />
        ) : (
          <ErrorState
            title="Could not load this contract"
            error={query.error}
            onRetry={() => query.refetch()}
          />
        )}
      </div>
    );
  }
  const isOpen = ["sent", "viewed", "signed"].includes(contract.status);
  const close = (open: boolean) => !open && setDialog(null);
  const sendReminder = () =>
    remind.mutate(contract.id, {
      onSuccess: () =>
        toast({ title: "Reminder sent", description: `${contract.signer?.name} has the link again.` }),
      onError: (error) =>
        toast({
          title: "Could not send a reminder",
          description: describeError(error, "Please try again."),
          variant: "destructive",
        }),
    });
  const deleteDraft = () =>
    remove.mutate(contract.id, {
      onSuccess: () => {
        toast({ title: "Draft deleted" });
        navigate("/contracts");
      },
      onError: (error) =>
        toast({
          title: "Could not delete the draft",
          description: describeError(error, "Please try again."),
          variant: "destructive",
        }),
    });

  return (
    <div className="grid gap-6">
      <div className="grid gap-3">
        {backLink}
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="grid min-w-0 gap-2">
            <h1 className="text-2xl font-semibold break-words">{contract.title}</h1>
            <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
              <ContractStatusBadge status={contract.status} />
              {contract.eventId && contract.eventTitle && (
                <Link to={`/events/${contract.eventId}`} className="text-primary hover:underline">
                  {contract.eventTitle}
                </Link>
              )}
              {contract.expiresAt && isOpen && <span>Link expires {formatDateTime(contract.expiresAt)}</span>}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            {canChange && contract.status === "draft" && (
              <>
                <Button onClick={() => setDialog("send")}>Send for signature</Button>
                <Button variant="outline" onClick={() => setDialog("delete")}>
                  Delete draft
                </Button>
              </>
            )}
            {canChange && isOpen && !contract.speakerSignedAt && (
              <Button
                variant={contract.status === "signed" ? "primary" : "outline"}
                onClick={() => setDialog("countersign")}
              >
                {contract.status === "signed" ? "Countersign" : "Sign now"}
              </Button>
            )}
            {canChange && (contract.status === "sent" || contract.status === "viewed") && (
              <Button variant="outline" onClick={sendReminder} disabled={remind.isPending}>
                Remind
              </Button>
            )}
            {canChange && isOpen && (
              <Button variant="outline" onClick={() => setDialog("void")}>
                Void
              </Button>
            )}
            {contract.status !== "draft" && (
              <Button asChild variant="outline">
                <a href={`/api/contracts/${contract.id}/pdf`} download>
                  <Download aria-hidden="true" className="size-4" />
                  {contract.status === "completed" ? "Download sealed PDF" : "Download PDF"}
                </a>
              </Button>
            )}
          </div>
        </div>
      </div>
      {contract.status === "declined" && (
        <p role="status" className="rounded-md bg-destructive-soft p-3 text-sm text-destructive">
          Declined {formatDateTime(contract.declinedAt)}: {contract.declineReason}
        </p>
      )}
      {contract.status === "voided" && (
        <p role="status" className="rounded-md bg-destructive-soft p-3 text-sm text-destructive">
          Voided {formatDateTime(contract.voidedAt)}: {contract.voidReason}
        </p>
      )}
      {contract.pdfSha256 && (
        <p className="text-xs text-muted-foreground break-all">
          SHA-256 of the PDF as sent: {contract.pdfSha256}
        </p>
      )}
      {contract.status === "completed" && contract.finalSha256 && (
        <p role="status" className="rounded-md bg-success-soft p-3 text-sm break-all text-success">
          Completed {formatDateTime(contract.completedAt)}. SHA-256 of the sealed PDF: {contract.finalSha256}
        </p>
      )}
      <div className="grid gap-6 lg:grid-cols-3 lg:items-start">
        <div className="grid gap-6 lg:order-2">
          <Signers contract={contract} />
          <Timeline id={contract.id} />
        </div>
        <div className="grid gap-6 lg:order-1 lg:col-span-2">
          {contract.status === "draft" ? <DraftEditor contract={contract} /> : null}
          <Card>
            <CardHeader>
              <CardTitle className="text-base">
                {contract.status === "draft" ? "Preview" : "The agreement as sent"}
              </CardTitle>
            </CardHeader>
            <CardContent>
              <AgreementText body={contract.body} />
            </CardContent>
          </Card>
        </div>
      </div>
      {dialog === "send" && <SendDialog contract={contract} open onOpenChange={close} />}
      {dialog === "countersign" && <CountersignDialog contract={contract} open onOpenChange={close} />}
      {dialog === "void" && <VoidDialog contract={contract} open onOpenChange={close} />}
      <ConfirmDialog
        open={dialog === "delete"}
        onOpenChange={close}
        title="Delete this draft?"
        description="The draft is removed. You can draft a new one from the event at any time."
        confirmLabel="Delete draft"
        isDestructive
        isPending={remove.isPending}
        onConfirm={deleteDraft}
      />
    </div>
  );
}
