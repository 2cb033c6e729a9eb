import { Plus, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";

type FormListProps = {
  title: string;
  description: string;
  /** What one entry is called: "topic", "video"… */
  noun: string;
  count: number;
  max: number;
  onAdd: () => void;
  onRemove: (index: number) => void;
  /** The fields of entry `index`. */
  renderItem: (index: number) => ReactNode;
  /** The key of entry `index` (react-hook-form's field id). */
  keyOf: (index: number) => string;
};

/** A card holding a list of repeated entries (topics, videos, testimonials), each removable, with "Add". */
export function FormList({
  title,
  description,
  noun,
  count,
  max,
  onAdd,
  onRemove,
  renderItem,
  keyOf,
}: FormListProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {Array.from({ length: count }, (_, index) => (
          <fieldset
            key={keyOf(index)}
            className="grid gap-3 rounded-md border border-border p-3 sm:grid-cols-2"
          >
            <legend className="px-1 text-sm font-medium">
              {noun[0]!.toUpperCase() + noun.slice(1)} {index + 1}
            </legend>
            {renderItem(index)}
            <div className="flex justify-end sm:col-span-2">
              <Button variant="ghost" size="sm" onClick={() => onRemove(index)}>
                <Trash2 aria-hidden="true" /> Remove {noun} {index + 1}
              </Button>
            </div>
          </fieldset>
        ))}
        {count < max && (
          <div>
            <Button variant="outline" size="sm" onClick={onAdd}>
              <Plus aria-hidden="true" /> Add {noun}
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
