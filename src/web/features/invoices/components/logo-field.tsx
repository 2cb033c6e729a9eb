import { useId, useRef, useState } from "react";
import type { InvoiceSettings } from "../../../../shared/schemas/invoices.ts";
import { Button } from "../../../components/ui/button.tsx";
import { describeError } from "../../../lib/api.ts";
import { toast } from "../../../lib/toast.ts";
import { fileContentUrl, useUploadFile } from "../../media-kit/api/files.ts";
import { useSaveInvoiceSettings } from "../api/invoices.ts";

/**
 * The logo on invoices (the PDF and the public page): uploaded to the file store as kind `logo`, then kept
 * in the invoicing settings at once, so it needs no second save.
 */
export function LogoField({ settings }: { settings: InvoiceSettings }) {
  const upload = useUploadFile();
  const save = useSaveInvoiceSettings();
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const [error, setError] = useState<string | null>(null);

  const keep = (logoFileId: string | null, done: string) =>
    save.mutate(
      { ...settings, logoFileId },
      {
        onSuccess: () => toast({ title: done }),
        onError: (failure) => setError(describeError(failure, "Please try again.")),
      },
    );
  const choose = (file: File | undefined) => {
    if (!file) return;
    setError(null);
    upload.mutate(
      { file, kind: "logo" },
      {
        onSuccess: (stored) => keep(stored.id, "Logo saved"),
        onError: (failure) => setError(describeError(failure, "Please try again.")),
      },
    );
    if (input.current) input.current.value = "";
  };

  return (
    <div className="grid gap-2">
      <p id={`${id}-label`} className="text-sm font-medium">
        Logo
      </p>
      <div className="flex flex-wrap items-center gap-3">
        {settings.logoFileId ? (
          <img
            src={fileContentUrl(settings.logoFileId)}
            alt="Your invoice logo"
            className="h-16 max-w-40 rounded-md border border-border bg-white object-contain p-1"
          />
        ) : (
          <p className="text-sm text-muted-foreground">No logo yet: invoices show your business name.</p>
        )}
        <input
          ref={input}
          id={`${id}-input`}
          type="file"
          accept="image/png,image/jpeg"
          className="sr-only"
          aria-labelledby={`${id}-label`}
          onChange={(event) => choose(event.target.files?.[0])}
        />
        <Button
          type="button"
          variant="outline"
          isLoading={upload.isPending || (save.isPending && !settings.logoFileId)}
          onClick={() => input.current?.click()}
        >
          {settings.logoFileId ? "Replace logo" : "Upload logo"}
        </Button>
        {settings.logoFileId && (
          <Button type="button" variant="ghost" onClick={() => keep(null, "Logo removed")}>
            Remove logo
          </Button>
        )}
      </div>
      <p className="text-sm text-muted-foreground">
        A PNG or JPEG, shown at the top of the PDF and the invoice page.
      </p>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
