import { CircleCheck, CircleX, FileX2 } from "lucide-react";
import type { ReactNode, Ref } from "react";
import { Link } from "react-router";
import type { ImportSummary } from "../../../../shared/schemas/data-management.ts";
import { Button } from "../../../components/ui/button.tsx";
import { cn } from "../../../lib/cn.ts";
import { ImportCountsTable, ImportProblemList, plural } from "./import-report.tsx";

export type ImportStep =
  | { kind: "idle" }
  | { kind: "checking"; file: File }
  /** The file is unusable (not an xlsx, too large, protected…): `message` says why. */
  | { kind: "refused"; file: File; message: string }
  /** The dry run's report; confirmable when it has no errors. */
  | { kind: "checked"; file: File; summary: ImportSummary }
  | { kind: "imported"; file: File; summary: ImportSummary };

type ImportResultProps = {
  ref: Ref<HTMLDivElement>;
  step: Exclude<ImportStep, { kind: "idle" } | { kind: "checking" }>;
  isImporting: boolean;
  onConfirm: (file: File) => void;
  onReset: () => void;
};

const TONES = {
  error: { box: "border-destructive/40 bg-destructive-soft", text: "text-destructive" },
  success: { box: "border-success/30 bg-success-soft", text: "text-success" },
  neutral: { box: "border-border bg-card", text: "text-success" },
} as const;

function ResultPanel(props: {
  ref: Ref<HTMLDivElement>;
  tone: keyof typeof TONES;
  icon: typeof CircleCheck;
  title: string;
  children: ReactNode;
}) {
  const { ref, tone, icon: Icon, title, children } = props;
  return (
    <div
      ref={ref}
      tabIndex={-1} // Focused by code to announce the outcome, never by Tab, so it needs no focus ring.
      className={cn("grid gap-4 rounded-md border p-3 outline-none sm:p-5", TONES[tone].box)}
    >
      <h3 className={cn("flex items-start gap-2 font-semibold break-all", TONES[tone].text)}>
        <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        {title}
      </h3>
      {children}
    </div>
  );
}

const hasChanges = (summary: ImportSummary) =>
  Object.values(summary.created).some(Boolean) ||
  Object.values(summary.updated).some(Boolean) ||
  summary.profile === "created" ||
  summary.profile === "updated";

/** The outcome of checking or importing a workbook, with what can be done next. */
export function ImportResult({ ref, step, isImporting, onConfirm, onReset }: ImportResultProps) {
  if (step.kind === "refused") {
    return (
      <ResultPanel ref={ref} tone="error" icon={FileX2} title={`${step.file.name} cannot be imported`}>
        <p className="text-sm">{step.message}</p>
      </ResultPanel>
    );
  }

  if (step.kind === "imported") {
    return (
      <ResultPanel ref={ref} tone="success" icon={CircleCheck} title="Import complete">
        <p className="text-sm">Everything in {step.file.name} is now in your account.</p>
        <ImportCountsTable summary={step.summary} />
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button asChild>
            <Link to="/events">View events</Link>
          </Button>
          <Button variant="outline" onClick={onReset}>
            Done
          </Button>
        </div>
      </ResultPanel>
    );
  }

  const { file, summary } = step;
  const problemCount = summary.errors.length;
  const actions = (
    <div className="flex flex-col gap-2 sm:flex-row">
      <Button disabled={problemCount > 0} isLoading={isImporting} onClick={() => onConfirm(file)}>
        Confirm import
      </Button>
      <Button variant="outline" disabled={isImporting} onClick={onReset}>
        Cancel
      </Button>
    </div>
  );

  if (problemCount > 0) {
    return (
      <ResultPanel
        ref={ref}
        tone="error"
        icon={CircleX}
        title={`${plural(problemCount, "problem")} in ${file.name}`}
      >
        <p className="text-sm">
          Nothing was imported. Fix these cells in your spreadsheet, save it, and choose the file again.
        </p>
        <ImportProblemList problems={summary.errors} />
        {actions}
      </ResultPanel>
    );
  }

  return (
    <ResultPanel ref={ref} tone="neutral" icon={CircleCheck} title={`${file.name} is ready to import`}>
      <p className="text-sm text-muted-foreground">
        {hasChanges(summary)
          ? "This is what the import will do. Records that are not in the file stay as they are."
          : "Everything in this file is already in your account; importing it changes nothing."}
      </p>
      <ImportCountsTable summary={summary} />
      {actions}
    </ResultPanel>
  );
}
