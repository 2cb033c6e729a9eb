import { Pencil, Trash2 } from "lucide-react";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button.tsx";
import { formatDollars } from "../../../lib/money.ts";
import { useCan } from "../../auth/api/current-user.ts";
import {
  type AnyRecord,
  describeRecord,
  RECORD_KINDS,
  type RecordKind,
  recordHref,
} from "../api/record-kinds.ts";

type RecordListProps = {
  kind: RecordKind;
  records: AnyRecord[];
  onEdit: (record: AnyRecord) => void;
  onDelete: (record: AnyRecord) => void;
};

function RecordActions({
  record,
  onEdit,
  onDelete,
}: { record: AnyRecord } & Omit<RecordListProps, "kind" | "records">) {
  if (!useCan("book")) return null;
  return (
    <div className="relative z-10 flex justify-end gap-1">
      <Button variant="ghost" size="icon" aria-label={`Edit ${record.name}`} onClick={() => onEdit(record)}>
        <Pencil aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Delete ${record.name}`}
        className="text-destructive hover:bg-destructive-soft"
        onClick={() => onDelete(record)}
      >
        <Trash2 aria-hidden="true" />
      </Button>
    </div>
  );
}

const eventCountText = (count: number) => `${count} ${count === 1 ? "event" : "events"}`;

/** Clients or bureau partners: a table on wide screens, cards on phones; each opens its own page. */
export function RecordList({ kind, records, onEdit, onDelete }: RecordListProps) {
  const info = RECORD_KINDS[kind];
  const nameLink = (record: AnyRecord) => (
    <Link
      to={recordHref(kind, record.id)}
      className="block truncate font-medium text-foreground after:absolute after:inset-0 hover:text-primary"
    >
      {record.name}
    </Link>
  );

  return (
    <>
      <div className="hidden overflow-hidden rounded-lg border border-border bg-card shadow-card md:block">
        <table className="w-full table-fixed text-sm">
          <caption className="sr-only">Your {info.nounPlural}</caption>
          <thead className="border-b border-border bg-muted/60 text-left text-muted-foreground">
            <tr>
              <th scope="col" className="px-4 py-3 font-medium">
                Name
              </th>
              <th scope="col" className="w-[30%] px-4 py-3 font-medium">
                Contact
              </th>
              <th scope="col" className="w-24 px-4 py-3 text-right font-medium">
                Events
              </th>
              <th scope="col" className="w-32 px-4 py-3 text-right font-medium">
                Total fees
              </th>
              <th scope="col" className="w-28 px-4 py-3">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {records.map((record) => (
              <tr key={record.id} className="relative transition-colors hover:bg-muted/50">
                <td className="px-4 py-3 align-top">
                  {nameLink(record)}
                  <div className="truncate text-muted-foreground">{describeRecord(record)}</div>
                </td>
                <td className="px-4 py-3 align-top">
                  <div className="truncate">{record.email}</div>
                  <div className="truncate text-muted-foreground">{record.phone}</div>
                </td>
                <td className="px-4 py-3 text-right align-top tabular-nums">{record.eventCount}</td>
                <td className="px-4 py-3 text-right align-top font-medium tabular-nums">
                  {formatDollars(record.totalFees)}
                </td>
                <td className="px-4 py-1.5 align-top">
                  <RecordActions record={record} onEdit={onEdit} onDelete={onDelete} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="grid gap-3 md:hidden">
        {records.map((record) => (
          <li key={record.id} className="relative rounded-lg border border-border bg-card p-4 shadow-card">
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                {nameLink(record)}
                {describeRecord(record) && (
                  <p className="truncate text-sm text-muted-foreground">{describeRecord(record)}</p>
                )}
                {record.email && <p className="truncate text-sm text-muted-foreground">{record.email}</p>}
              </div>
              <RecordActions record={record} onEdit={onEdit} onDelete={onDelete} />
            </div>
            <p className="mt-2 flex justify-between text-sm">
              <span className="text-muted-foreground">{eventCountText(record.eventCount)}</span>
              <span className="font-semibold tabular-nums">{formatDollars(record.totalFees)}</span>
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}
