import { Plus, Trash2 } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { MoneyInput } from "../../../components/ui/money-input.tsx";

export type EditableLine = { description: string; quantity: string; unitPrice: number | null };

export const toInputLines = (lines: EditableLine[]) =>
  lines.map((line) => ({
    description: line.description,
    quantity: Number(line.quantity),
    unitPrice: line.unitPrice ?? 0,
  }));

/** The lines of an invoice being written: description, quantity and price each; add and remove. */
export function LineItemsEditor({
  lines,
  onChange,
}: {
  lines: EditableLine[];
  onChange: (lines: EditableLine[]) => void;
}) {
  const change = (index: number, patch: Partial<EditableLine>) =>
    onChange(lines.map((line, i) => (i === index ? { ...line, ...patch } : line)));
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-1 text-sm font-medium">Lines</legend>
      {lines.map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id until saved; their order is their identity
        <div key={index} className="grid grid-cols-[1fr_4.5rem] gap-2 sm:grid-cols-[1fr_5rem_9rem_auto]">
          <Input
            aria-label={`Line ${index + 1} description`}
            placeholder="Description"
            value={line.description}
            onChange={(e) => change(index, { description: e.target.value })}
            className="col-span-2 sm:col-span-1"
          />
          <Input
            aria-label={`Line ${index + 1} quantity`}
            inputMode="decimal"
            value={line.quantity}
            onChange={(e) => change(index, { quantity: e.target.value })}
          />
          <MoneyInput
            aria-label={`Line ${index + 1} price`}
            value={line.unitPrice}
            onChange={(unitPrice) => change(index, { unitPrice })}
          />
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label={`Remove line ${index + 1}`}
            disabled={lines.length === 1}
            onClick={() => onChange(lines.filter((_, i) => i !== index))}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      ))}
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="justify-self-start"
        onClick={() => onChange([...lines, { description: "", quantity: "1", unitPrice: null }])}
      >
        <Plus aria-hidden="true" />
        Add a line
      </Button>
    </fieldset>
  );
}
