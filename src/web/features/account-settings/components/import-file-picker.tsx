import { FileUp } from "lucide-react";
import { type DragEvent, useRef, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { cn } from "../../../lib/cn.ts";

type ImportFilePickerProps = { onFile: (file: File) => void; isDisabled: boolean };

const XLSX_TYPES = ".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** Choose a workbook with the button (keyboard and touch) or drop it on the area (mouse). */
export function ImportFilePicker({ onFile, isDisabled }: ImportFilePickerProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [isDragging, setIsDragging] = useState(false);

  const handleDragOver = (event: DragEvent) => {
    event.preventDefault();
    if (!isDisabled) setIsDragging(true);
  };
  const handleDrop = (event: DragEvent) => {
    event.preventDefault();
    setIsDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !isDisabled) onFile(file);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping is a mouse shortcut; the button inside does the same from the keyboard.
    <div
      onDragOver={handleDragOver}
      onDragLeave={() => setIsDragging(false)}
      onDrop={handleDrop}
      className={cn(
        "flex flex-col items-center gap-3 rounded-lg border-2 border-dashed px-4 py-6 text-center transition-colors",
        isDragging ? "border-primary bg-primary-soft" : "border-border bg-background",
      )}
    >
      <FileUp aria-hidden="true" className="size-8 text-primary" />
      <p className="text-sm">
        <span className="hidden sm:inline">Drop your workbook here, or </span>
        <Button
          variant="outline"
          size="sm"
          className="align-middle"
          disabled={isDisabled}
          onClick={() => inputRef.current?.click()}
        >
          Choose .xlsx file
        </Button>
      </p>
      <p className="text-xs text-muted-foreground">Excel workbook (.xlsx), up to 10 MB and 50,000 rows</p>
      <input
        ref={inputRef}
        type="file"
        accept={XLSX_TYPES}
        hidden
        aria-label="Workbook to import"
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared so that choosing the same file again, after fixing it, is noticed.
          event.target.value = "";
          if (file) onFile(file);
        }}
      />
    </div>
  );
}
