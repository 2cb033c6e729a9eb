import { Pencil, Trash2 } from "lucide-react";
import type { AccessKind } from "../../shared/team-access.ts";
import { useCan } from "../features/auth/api/current-user.ts";
import { Button } from "./ui/button.tsx";

/** The Edit and Delete buttons at the top of a record's page; none for a member whose role reads it only. */
export function RecordActions({
  onEdit,
  onDelete,
  kind = "book",
}: {
  onEdit: () => void;
  onDelete: () => void;
  kind?: AccessKind;
}) {
  if (!useCan(kind)) return null;
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
