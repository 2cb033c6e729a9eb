import { IMPORT_MAX_ROWS, SHEET_NAMES } from "../../../shared/workbook.ts";
import { AppError } from "../../platform/http/errors.ts";
import type { CellValue } from "./cell-values.ts";
import { inspectWorkbookFile } from "./inspect-upload.ts";
import { normalizeHeader } from "./workbook-columns.ts";
import { readXlsxSheets, type XlsxRow } from "./xlsx-xml.ts";

/** One sheet as read: the header row's texts by column number, and every non-blank row after it. */
export type RawSheet = {
  name: string;
  headerRow: number;
  headers: Map<number, string>;
  rows: XlsxRow[];
};

export type RawWorkbook = Map<string, RawSheet>;

export const missingEventsSheetMessage = "The workbook has no sheet named Events.";
export const tooManyRowsMessage = `The workbook has more than ${IMPORT_MAX_ROWS.toLocaleString("en-US")} rows. Split it into smaller workbooks and import them one at a time.`;

const IMPORTED_SHEETS = new Set(Object.values(SHEET_NAMES).map(normalizeHeader));

/**
 * Reads an uploaded xlsx after checking it is safe to unpack. Only the four sheets an import uses are read
 * (the first of each name); they are keyed by their normalized name (so "bureau partners" finds Bureau
 * Partners); blank rows are left out; the first filled row of a sheet is its header row.
 */
export async function readWorkbook(file: Buffer): Promise<RawWorkbook> {
  const seen = new Set<string>();
  const isWanted = (name: string) => {
    const key = normalizeHeader(name);
    if (!IMPORTED_SHEETS.has(key) || seen.has(key)) return false;
    seen.add(key);
    return true;
  };
  const sheets = await readXlsxSheets(await inspectWorkbookFile(file), { isWanted });
  const rowCount = sheets.reduce((sum, sheet) => sum + Math.max(sheet.rows.length - 1, 0), 0);
  if (rowCount > IMPORT_MAX_ROWS) throw new AppError("PAYLOAD_TOO_LARGE", tooManyRowsMessage);
  const workbook: RawWorkbook = new Map();
  for (const sheet of sheets) {
    const filled = sheet.rows.filter((row) => [...row.cells.values()].some((value) => !isBlank(value)));
    const [header, ...rows] = filled;
    workbook.set(normalizeHeader(sheet.name), {
      name: sheet.name,
      headerRow: header?.number ?? 0,
      headers: new Map([...(header?.cells ?? [])].map(([column, value]) => [column, String(value).trim()])),
      rows,
    });
  }
  return workbook;
}

const isBlank = (value: CellValue) => value === null || (typeof value === "string" && value.trim() === "");
