import { ChevronRight } from "lucide-react";
import {
  BUREAU_PARTNER_COLUMNS,
  CLIENT_COLUMNS,
  EVENT_COLUMNS,
  PROFILE_FIELDS,
  SHEET_NAMES,
  type WorkbookColumn,
} from "../../../../shared/workbook.ts";

const SHEETS: { name: string; columns: readonly WorkbookColumn[] }[] = [
  { name: SHEET_NAMES.events, columns: EVENT_COLUMNS },
  { name: SHEET_NAMES.clients, columns: CLIENT_COLUMNS },
  { name: SHEET_NAMES.bureauPartners, columns: BUREAU_PARTNER_COLUMNS },
];

const mustBeFilled = (columns: readonly WorkbookColumn[]) =>
  columns
    .filter((column) => column.isRequired)
    .map((column) => column.header.replace("*", ""))
    .join(" and ");

/** The workbook's sheets and columns (DESIGN §8), from the same definitions the server reads with. */
export function WorkbookFormatHelp() {
  return (
    <details className="group rounded-md border border-border">
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-md px-4 py-3 text-sm font-medium hover:bg-muted [&::-webkit-details-marker]:hidden">
        <ChevronRight aria-hidden="true" className="size-4 transition-transform group-open:rotate-90" />
        What the workbook should contain
      </summary>
      <div className="grid gap-4 border-t border-border px-4 py-4 text-sm">
        {SHEETS.map((sheet) => (
          <div key={sheet.name} className="grid gap-2">
            <h3 className="font-semibold">
              {sheet.name}
              <span className="font-normal text-muted-foreground">
                {" "}
                — {mustBeFilled(sheet.columns)} must be filled in
              </span>
            </h3>
            <ul className="flex flex-wrap gap-1.5">
              {sheet.columns.map((column) => (
                <li key={column.key} className="rounded bg-muted px-2 py-0.5 font-mono text-xs">
                  {column.header}
                </li>
              ))}
            </ul>
          </div>
        ))}
        <div className="grid gap-2">
          <h3 className="font-semibold">{SHEET_NAMES.profile}</h3>
          <p className="text-muted-foreground">
            Two columns, Field and Value, with one row each for{" "}
            {PROFILE_FIELDS.map((field) => field.label).join(", ")}.
          </p>
        </div>
        <ul className="grid list-disc gap-1 pl-5 text-muted-foreground">
          <li>
            Only the Events sheet is required. Headers may be in any case, with or without the asterisk.
          </li>
          <li>Dates like 2026-03-14, 3/14/2026 or March 14, 2026; amounts like 7500 or $7,500.00.</li>
          <li>
            Clients and bureau partners are matched by name, events by name, date and venue: importing the
            same file twice changes nothing, and an edited row updates the record. Import never deletes.
          </li>
        </ul>
      </div>
    </details>
  );
}
