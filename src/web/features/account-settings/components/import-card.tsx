import { FileDown } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import type { ImportSummary } from "../../../../shared/schemas/data-management.ts";
import { IMPORT_MAX_BYTES } from "../../../../shared/workbook.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { ApiError, describeError } from "../../../lib/api.ts";
import { toast } from "../../../lib/toast.ts";
import { useDownloadTemplate } from "../api/use-download-template.ts";
import { useImportWorkbook } from "../api/use-import-workbook.ts";
import { ImportFilePicker } from "./import-file-picker.tsx";
import { plural } from "./import-report.tsx";
import { ImportResult, type ImportStep } from "./import-result.tsx";
import { WorkbookFormatHelp } from "./workbook-format-help.tsx";

const tooLargeMessage = `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB. Split it into smaller workbooks and import them one at a time.`;

/** Why a file could not be checked or imported: the server's words, or what the status means. */
function describeImportFailure(error: unknown): string {
  if (error instanceof ApiError && error.status === 413 && !error.serverMessage) return tooLargeMessage;
  return describeError(error, error instanceof Error ? error.message : "The file could not be read.");
}

/** "3 events, 2 clients and 0 bureau partners imported." — new and updated records together. */
function describeImported({ created, updated }: ImportSummary) {
  const saved = (kind: keyof ImportSummary["created"]) => created[kind] + updated[kind];
  return `${plural(saved("events"), "event")}, ${plural(saved("clients"), "client")} and ${plural(saved("bureauPartners"), "bureau partner")} imported.`;
}

/**
 * Import (DESIGN §5): a chosen workbook is checked first (dry run) and its report shown; only a clean
 * report can be confirmed, and then the same file is imported in one transaction.
 */
export function ImportCard() {
  const [step, setStep] = useState<ImportStep>({ kind: "idle" });
  const importWorkbook = useImportWorkbook();
  const downloadTemplate = useDownloadTemplate();
  const resultRef = useRef<HTMLDivElement>(null);

  // Each new outcome takes the focus, so keyboard and screen-reader users land on the report.
  useEffect(() => {
    if (step.kind !== "idle") resultRef.current?.focus();
  }, [step]);

  const checkFile = (file: File) => {
    if (file.size > IMPORT_MAX_BYTES) {
      setStep({ kind: "refused", file, message: tooLargeMessage });
      return;
    }
    setStep({ kind: "checking", file });
    importWorkbook.mutate(
      { file, dryRun: true },
      {
        onSuccess: (summary) => setStep({ kind: "checked", file, summary }),
        onError: (error) => setStep({ kind: "refused", file, message: describeImportFailure(error) }),
      },
    );
  };

  const confirmImport = (file: File) =>
    importWorkbook.mutate(
      { file, dryRun: false },
      {
        onSuccess: (summary) => {
          if (summary.errors.length > 0) {
            setStep({ kind: "checked", file, summary });
            return;
          }
          setStep({ kind: "imported", file, summary });
          toast({ title: "Import complete", description: describeImported(summary) });
        },
        onError: (error) =>
          toast({
            title: "Import failed",
            description: describeImportFailure(error),
            variant: "destructive",
          }),
      },
    );

  return (
    <Card>
      <CardHeader>
        <CardTitle>Import from Excel</CardTitle>
        <CardDescription>
          Bring in events, clients, bureau partners and your profile from a workbook. We check the file first
          and show you what will change; nothing is saved until you confirm, and a file with any problem saves
          nothing.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <div className="flex flex-col gap-3 rounded-md bg-muted px-4 py-3 sm:flex-row sm:items-center">
          <p className="flex-1 text-sm">
            Start from our template, or from a workbook you exported from Podium.
          </p>
          <Button
            variant="outline"
            size="sm"
            isLoading={downloadTemplate.isPending}
            onClick={() => downloadTemplate.mutate()}
          >
            {!downloadTemplate.isPending && <FileDown aria-hidden="true" />}
            Download template
          </Button>
        </div>
        <ImportFilePicker onFile={checkFile} isDisabled={importWorkbook.isPending} />
        {step.kind === "checking" && (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner /> Checking {step.file.name}…
          </p>
        )}
        {step.kind !== "idle" && step.kind !== "checking" && (
          <ImportResult
            ref={resultRef}
            step={step}
            isImporting={importWorkbook.isPending}
            onConfirm={confirmImport}
            onReset={() => setStep({ kind: "idle" })}
          />
        )}
        <WorkbookFormatHelp />
      </CardContent>
    </Card>
  );
}
