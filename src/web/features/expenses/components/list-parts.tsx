import { Pencil, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { useCan } from "../../auth/api/current-user.ts";

/** The totals over everything the filters match. */
export function Totals({ items }: { items: [label: string, value: string][] }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {items.map(([label, value]) => (
        <div key={label} className="rounded-xl border border-border bg-card p-3 sm:p-4">
          <dt className="text-xs text-muted-foreground sm:text-sm">{label}</dt>
          <dd className="text-lg font-semibold sm:text-2xl">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** From/to date filters, and any others beside them. */
export function DateFilters({
  from,
  to,
  onChange,
  children,
}: {
  from: string;
  to: string;
  onChange: (changes: { from?: string; to?: string }) => void;
  children?: ReactNode;
}) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-end">
      <FormField label="From" className="sm:w-44">
        <Input type="date" value={from} onChange={(e) => onChange({ from: e.target.value })} />
      </FormField>
      <FormField label="To" className="sm:w-44">
        <Input type="date" value={to} onChange={(e) => onChange({ to: e.target.value })} />
      </FormField>
      {children}
    </div>
  );
}

/** Edit and delete buttons named for the row they act on. */
export function RowActions({
  name,
  onEdit,
  onDelete,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  if (!useCan("money")) return null;
  return (
    <div className="flex justify-end gap-1">
      <Button variant="ghost" size="icon" aria-label={`Edit ${name}`} onClick={onEdit}>
        <Pencil aria-hidden="true" />
      </Button>
      <Button variant="ghost" size="icon" aria-label={`Delete ${name}`} onClick={onDelete}>
        <Trash2 aria-hidden="true" />
      </Button>
    </div>
  );
}
