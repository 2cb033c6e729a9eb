import ExcelJS from "exceljs";
import { IMPORT_MAX_ROWS } from "../../../shared/workbook.ts";
import { AppError } from "../../platform/http/errors.ts";
import type { CellValue } from "./cell-values.ts";
import { inspectWorkbookFile, uploadMessages } from "./inspect-upload.ts";
import { normalizeHeader } from "./workbook-columns.ts";

/** One sheet as read: the header row's texts by column number, and every non-blank row after it. */
export type RawSheet = {
  name: string;
  headerRow: number;
  headers: Map<number, string>;
  rows: RawRow[];
};

export type RawRow = { number: number; cells: Map<number, CellValue> };

export type RawWorkbook = Map<string, RawSheet>;

export const missingEventsSheetMessage = "The workbook has no sheet named Events.";
export const tooManyRowsMessage = `The workbook has more than ${IMPORT_MAX_ROWS.toLocaleString("en-US")} rows. Split it into smaller workbooks and import them one at a time.`;

/**
 * Reads an uploaded xlsx after checking it is safe to unpack. Sheets are keyed by their normalized name
 * (so "bureau partners" finds Bureau Partners); blank rows are left out.
 */
export async function readWorkbook(file: Buffer): Promise<RawWorkbook> {
  inspectWorkbookFile(file);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(file as unknown as ExcelJS.Buffer);
  } catch {
    throw new AppError("BAD_REQUEST", uploadMessages.damaged);
  }
  const rowCount = workbook.worksheets.reduce((sum, sheet) => sum + sheet.actualRowCount, 0);
  if (rowCount > IMPORT_MAX_ROWS + workbook.worksheets.length) {
    throw new AppError("PAYLOAD_TOO_LARGE", tooManyRowsMessage);
  }
  const sheets: RawWorkbook = new Map();
  for (const worksheet of workbook.worksheets) {
    const key = normalizeHeader(worksheet.name);
    if (!sheets.has(key)) sheets.set(key, readSheet(worksheet));
  }
  return sheets;
}

function readSheet(worksheet: ExcelJS.Worksheet): RawSheet {
  const sheet: RawSheet = { name: worksheet.name, headerRow: 0, headers: new Map(), rows: [] };
  worksheet.eachRow((row, rowNumber) => {
    const cells = new Map<number, CellValue>();
    row.eachCell((cell, columnNumber) => {
      const value = toCellValue(cell.value);
      if (value !== null && !(typeof value === "string" && value.trim() === ""))
        cells.set(columnNumber, value);
    });
    if (cells.size === 0) return;
    if (sheet.headerRow === 0) {
      sheet.headerRow = rowNumber;
      for (const [column, value] of cells) sheet.headers.set(column, String(value).trim());
    } else {
      sheet.rows.push({ number: rowNumber, cells });
    }
  });
  return sheet;
}

/** What the cell shows: a formula's last result, a link's text, rich text as plain text. */
function toCellValue(value: ExcelJS.CellValue | undefined): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value !== "object" || value instanceof Date) return value;
  if ("richText" in value) return value.richText.map((part) => part.text).join("");
  if ("formula" in value || "sharedFormula" in value) {
    return toCellValue((value as { result?: ExcelJS.CellValue }).result);
  }
  if ("hyperlink" in value) return toCellValue(value.text as ExcelJS.CellValue);
  if ("error" in value) return value.error;
  return null;
}
