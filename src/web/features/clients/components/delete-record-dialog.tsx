import { ConfirmDialog } from "../../../components/ui/alert-dialog.tsx";
import { describeError } from "../../../lib/api.ts";
import { toast } from "../../../lib/toast.ts";
import { useDeleteRecord } from "../api/delete-record.ts";
import { type AnyRecord, RECORD_KINDS, type RecordKind } from "../api/record-kinds.ts";

type DeleteRecordDialogProps = {
  kind: RecordKind;
  /** The record to delete; the dialog is open while there is one. */
  record: AnyRecord | null;
  onClose: () => void;
  onDeleted?: () => void;
};

/** Asks before deleting a client or bureau partner, saying that its events are kept. */
export function DeleteRecordDialog({ kind, record, onClose, onDeleted }: DeleteRecordDialogProps) {
  const info = RECORD_KINDS[kind];
  const remove = useDeleteRecord(kind);
  const eventCount = record?.eventCount ?? 0;
  const keptEvents =
    eventCount === 0
      ? ""
      : ` Its ${eventCount === 1 ? "event stays" : `${eventCount} events stay`} in your events, without a ${info.noun}.`;

  const confirm = () => {
    if (!record) return;
    remove.mutate(record.id, {
      onSuccess: () => {
        toast({
          title: `${info.title} deleted`,
          description: `${record.name} has been removed from your ${info.nounPlural}.`,
        });
        onClose();
        onDeleted?.();
      },
      onError: (error) => {
        onClose();
        toast({
          title: `Could not delete the ${info.noun}`,
          description: describeError(error, "Please try again."),
          variant: "destructive",
        });
      },
    });
  };

  return (
    <ConfirmDialog
      open={record !== null}
      onOpenChange={(open) => !open && onClose()}
      title={`Delete ${record?.name ?? `this ${info.noun}`}?`}
      description={`This removes the ${info.noun} and its contact details. This cannot be undone.${keptEvents}`}
      confirmLabel={`Delete ${info.noun}`}
      isDestructive
      isPending={remove.isPending}
      onConfirm={confirm}
    />
  );
}
