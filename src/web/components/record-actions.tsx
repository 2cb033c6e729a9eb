import { Pencil, Trash2 } from "lucide-react";
import { Button } from "./ui/button.tsx";

/** The Edit and Delete buttons at the top of a record's page. */
export function RecordActions({ onEdit, onDelete }: { onEdit: () => void; onDelete: () => void }) {
  return (
    <div className="flex shrink-0 gap-2">
      <Button variant="outline" onClick={onEdit}>
        <Pencil aria-hidden="true" />
        Edit
      </Button>
      <Button variant="outline" className="text-destructive hover:bg-destructive-soft" onClick={onDelete}>
        <Trash2 aria-hidden="true" />
        Delete
      </Button>
    </div>
  );
}
