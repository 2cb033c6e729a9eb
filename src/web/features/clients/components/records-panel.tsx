import { Building2, Handshake, Plus, Search, SearchX } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { ErrorState } from "../../../components/ui/error-state.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { LoadingScreen } from "../../../components/ui/spinner.tsx";
import { formatDollars } from "../../../lib/money.ts";
import { useDebouncedValue } from "../../../lib/use-debounced-value.ts";
import { useCan } from "../../auth/api/current-user.ts";
import { useRecordList } from "../api/list-records.ts";
import { type AnyRecord, RECORD_KINDS, type RecordKind } from "../api/record-kinds.ts";
import { DeleteRecordDialog } from "./delete-record-dialog.tsx";
import { RecordFormDialog } from "./record-form-dialog.tsx";
import { RecordList } from "./record-list.tsx";

const EMPTY_TEXT: Record<RecordKind, string> = {
  client:
    "Add the organisations and planners who book you, or type a new client's name when you add an event.",
  partner: "Add the speaker bureaus that book you, with your contact there, to see what each one brings in.",
};

/** One tab of the Clients page: search, add, edit and delete clients or bureau partners, with totals. */
export function RecordsPanel({ kind }: { kind: RecordKind }) {
  const info = RECORD_KINDS[kind];
  const [searchText, setSearchText] = useState("");
  const q = useDebouncedValue(searchText.trim(), 300);
  const list = useRecordList(kind, q);
  const [formRecord, setFormRecord] = useState<AnyRecord | "new" | null>(null);
  const [deleting, setDeleting] = useState<AnyRecord | null>(null);
  const records = list.data?.pages.flatMap((page) => page.items) ?? [];
  const openNew = () => setFormRecord("new");
  const canChange = useCan("book");

  let content: ReactNode;
  if (list.isPending) {
    content = <LoadingScreen className="min-h-48" />;
  } else if (list.isError) {
    content = (
      <ErrorState
        title={`Could not load your ${info.nounPlural}`}
        error={list.error}
        onRetry={() => list.refetch()}
      />
    );
  } else if (records.length === 0 && q) {
    content = (
      <EmptyState
        icon={SearchX}
        title={`No ${info.nounPlural} match "${q}"`}
        description="Try another name, company or e-mail."
      />
    );
  } else if (records.length === 0) {
    content = (
      <EmptyState
        icon={kind === "client" ? Building2 : Handshake}
        title={`No ${info.nounPlural} yet`}
        description={EMPTY_TEXT[kind]}
        action={
          canChange && (
            <Button onClick={openNew}>
              <Plus aria-hidden="true" />
              Add your first {info.noun}
            </Button>
          )
        }
      />
    );
  } else {
    const { count, eventCount, totalFees, netFees } = list.data.pages[0]!.totals;
    content = (
      <div className="grid gap-4" aria-busy={list.isPlaceholderData || undefined}>
        <p role="status" className="text-sm text-muted-foreground">
          <strong className="font-semibold text-foreground">
            {count} {count === 1 ? info.noun : info.nounPlural}
          </strong>{" "}
          · {eventCount} {eventCount === 1 ? "event" : "events"} ·{" "}
          <strong className="font-semibold text-foreground">{formatDollars(totalFees)}</strong> in fees
          {netFees !== totalFees && ` (${formatDollars(netFees)} net of commission)`}
          {list.hasNextPage && ` · showing ${records.length}`}
        </p>
        <RecordList kind={kind} records={records} onEdit={setFormRecord} onDelete={setDeleting} />
        {list.hasNextPage && (
          <div className="flex justify-center">
            <Button
              variant="outline"
              isLoading={list.isFetchingNextPage}
              onClick={() => list.fetchNextPage()}
            >
              Load more
            </Button>
          </div>
        )}
      </div>
    );
  }

  return (
    <div className="grid gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="relative w-full sm:max-w-sm">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            type="search"
            aria-label={`Search ${info.nounPlural}`}
            placeholder={kind === "client" ? "Name, company or e-mail" : "Name, contact or e-mail"}
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            className="pl-9"
          />
        </div>
        {canChange && (
          <Button onClick={openNew}>
            <Plus aria-hidden="true" />
            New {info.noun}
          </Button>
        )}
      </div>
      {content}
      <RecordFormDialog
        kind={kind}
        open={formRecord !== null}
        onOpenChange={(open) => !open && setFormRecord(null)}
        record={formRecord === "new" || formRecord === null ? undefined : formRecord}
      />
      <DeleteRecordDialog kind={kind} record={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
