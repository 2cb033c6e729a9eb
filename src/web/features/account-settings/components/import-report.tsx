import type { ImportProblem, ImportSummary } from "../../../../shared/schemas/data-management.ts";
import { Badge } from "../../../components/ui/badge.tsx";

const KINDS = [
  { key: "events", label: "Events" },
  { key: "clients", label: "Clients" },
  { key: "bureauPartners", label: "Bureau partners" },
] as const;

/** A sheet with thousands of bad rows is fixed the same way; the first ones show the pattern. */
const PROBLEMS_SHOWN_PER_SHEET = 100;

const cellClasses = "px-2 py-2 text-left align-top sm:px-3";
// Column headings shrink on a phone so the four count columns fit without scrolling sideways.
const headClasses = `${cellClasses} text-xs font-medium text-muted-foreground sm:text-sm`;

const PROFILE_OUTCOMES: Record<ImportSummary["profile"], { planned: string; done: string } | null> = {
  created: {
    planned: "Your profile will be filled in from the Profile sheet.",
    done: "Your profile was filled in.",
  },
  updated: {
    planned: "Your profile will be updated from the Profile sheet.",
    done: "Your profile was updated.",
  },
  unchanged: {
    planned: "Your profile already matches the Profile sheet.",
    done: "Your profile was already up to date.",
  },
  absent: null,
};

/** What an import will do (dry run) or did: new, updated and unchanged records of each kind. */
export function ImportCountsTable({ summary }: { summary: ImportSummary }) {
  const profile = PROFILE_OUTCOMES[summary.profile];
  return (
    <div className="grid gap-2">
      <div className="overflow-x-auto rounded-md border border-border bg-card">
        <table className="w-full text-sm">
          <caption className="sr-only">
            {summary.dryRun ? "What this import will do" : "What was imported"}
          </caption>
          <thead className="bg-muted">
            <tr>
              <th scope="col" className={headClasses}>
                Records
              </th>
              <th scope="col" className={`${headClasses} text-right`}>
                New
              </th>
              <th scope="col" className={`${headClasses} text-right`}>
                Updated
              </th>
              <th scope="col" className={`${headClasses} text-right`}>
                Unchanged
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {KINDS.map((kind) => (
              <tr key={kind.key}>
                <th scope="row" className={`${cellClasses} font-medium`}>
                  {kind.label}
                </th>
                <td className={`${cellClasses} text-right tabular-nums`}>{summary.created[kind.key]}</td>
                <td className={`${cellClasses} text-right tabular-nums`}>{summary.updated[kind.key]}</td>
                <td className={`${cellClasses} text-right tabular-nums`}>{summary.unchanged[kind.key]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {profile && (
        <p className="text-sm text-muted-foreground">{summary.dryRun ? profile.planned : profile.done}</p>
      )}
    </div>
  );
}

function groupBySheet(problems: ImportProblem[]) {
  const groups = new Map<string, ImportProblem[]>();
  for (const problem of problems) {
    const group = groups.get(problem.sheet) ?? [];
    group.push(problem);
    groups.set(problem.sheet, group);
  }
  return [...groups];
}

/** "1 problem", "2,345 problems". */
export const plural = (count: number, word: string) =>
  `${count.toLocaleString("en-US")} ${word}${count === 1 ? "" : "s"}`;

/** Every problem of a workbook, grouped by sheet, with the spreadsheet's own row numbers. */
export function ImportProblemList({ problems }: { problems: ImportProblem[] }) {
  return (
    <div className="grid gap-5">
      {groupBySheet(problems).map(([sheet, sheetProblems]) => (
        <section key={sheet} aria-label={`Problems on the ${sheet} sheet`} className="grid gap-2">
          <h4 className="flex flex-wrap items-center gap-2 font-semibold">
            {sheet}
            <Badge variant="destructive">{plural(sheetProblems.length, "problem")}</Badge>
          </h4>
          <div className="overflow-x-auto rounded-md border border-border bg-card">
            <table className="w-full text-sm">
              <caption className="sr-only">Problems on the {sheet} sheet</caption>
              <thead className="bg-muted">
                <tr>
                  <th scope="col" className={`${headClasses} w-16`}>
                    Row
                  </th>
                  <th scope="col" className={`${headClasses} w-1/4`}>
                    Column
                  </th>
                  <th scope="col" className={headClasses}>
                    Problem
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {sheetProblems.slice(0, PROBLEMS_SHOWN_PER_SHEET).map((problem) => (
                  <tr key={`${problem.row}|${problem.column}|${problem.message}`}>
                    <td className={`${cellClasses} tabular-nums`}>{problem.row}</td>
                    <td className={`${cellClasses} break-words`}>{problem.column ?? "—"}</td>
                    <td className={`${cellClasses} break-words`}>{problem.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {sheetProblems.length > PROBLEMS_SHOWN_PER_SHEET && (
            <p className="text-sm text-muted-foreground">
              Showing the first {PROBLEMS_SHOWN_PER_SHEET} of {plural(sheetProblems.length, "problem")} on
              this sheet.
            </p>
          )}
        </section>
      ))}
    </div>
  );
}
