import { AppError } from "../../platform/http/errors.ts";
import type { CellValue } from "./cell-values.ts";
import { readXmlPart } from "./read-xml.ts";

/**
 * Reads the parts of an xlsx (SpreadsheetML, ECMA-376) an import needs: sheet names, shared strings, which
 * styles are dates, and each wanted sheet's cells as the values they show (a formula's cached result). It
 * works on the parts inspect-upload.ts already unpacked under a size cap, through a streaming XML parser
 * whose cost is linear in the input (decisions 006 and 008), and it stops as soon as an upload asks for
 * more work than an import can need: too many rows, cells, shared strings or characters in one cell.
 */

export type XlsxParts = Map<string, Buffer>;
export type XlsxSheet = { name: string; rows: XlsxRow[] };
export type XlsxRow = { number: number; cells: Map<number, CellValue> };

/** The most work one upload may ask of the reader; past any of them it is refused as too large. */
export type XlsxLimits = {
  /** Row elements over every sheet read, blank ones included. */
  rows: number;
  /** Cell elements over every sheet read. */
  cells: number;
  /** Shared strings in the workbook. */
  sharedStrings: number;
  /** Characters in one cell's text (Excel's own limit is 32,767). */
  cellCharacters: number;
};

export const xlsxLimitMessages = {
  rows: "The workbook has too many rows to import. Split it into smaller workbooks and import them one at a time.",
  cells:
    "The workbook has too many cells to import. Delete the columns Podium does not use, or split the workbook.",
  sharedStrings:
    "The workbook holds too much text to import. Split it into smaller workbooks and import them one at a time.",
  cellCharacters:
    "A cell of the workbook holds more than 32,767 characters, more than a spreadsheet cell can.",
};

const MS_PER_DAY = 86_400_000;
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
/** Built-in number formats that show a date or a time (ECMA-376 §18.8.30, with the East Asian ones). */
const BUILT_IN_DATE_FORMATS = new Set([
  ...range(14, 22),
  ...range(27, 36),
  ...range(45, 47),
  ...range(50, 58),
]);

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, index) => from + index);
}

/**
 * The `_xHHHH_` escapes SpreadsheetML uses for control characters (XML entities are the parser's job).
 * `_x0000_` (NUL) is dropped: nobody sees it in a cell, and PostgreSQL text cannot hold it.
 */
function decodeEscapes(text: string): string {
  if (!text.includes("_x")) return text;
  return text.replace(/_x([\da-f]{4})_/gi, (_, hex: string) => {
    const code = Number.parseInt(hex, 16);
    return code === 0 ? "" : String.fromCharCode(code);
  });
}

/** Counts work against the upload's limits. */
function createBudget(limits: XlsxLimits) {
  const used = { rows: 0, cells: 0, sharedStrings: 0 };
  return {
    spend(kind: keyof typeof used) {
      if (++used[kind] > limits[kind]) throw new AppError("PAYLOAD_TOO_LARGE", xlsxLimitMessages[kind]);
    },
    checkText(text: string) {
      if (text.length > limits.cellCharacters) {
        throw new AppError("PAYLOAD_TOO_LARGE", xlsxLimitMessages.cellCharacters);
      }
    },
  };
}

type Budget = ReturnType<typeof createBudget>;

/**
 * Collects the visible text of string items (`<si>` in shared strings, `<is>` in a cell): the `<t>` texts
 * of their runs, without phonetic guides (`<rPh>`).
 */
function createRichTextReader(budget: Budget) {
  let inText = false;
  let phonetic = 0;
  let text = "";
  return {
    start() {
      text = "";
    },
    open(name: string) {
      if (name === "rPh") phonetic++;
      else if (name === "t" && phonetic === 0) inText = true;
    },
    close(name: string) {
      if (name === "rPh") phonetic--;
      else if (name === "t") inText = false;
    },
    text(chunk: string) {
      if (!inText) return;
      text += chunk;
      budget.checkText(text);
    },
    finish: () => decodeEscapes(text),
  };
}

function partOf(parts: XlsxParts, name: string): Buffer {
  return parts.get(name) ?? Buffer.alloc(0);
}

/** Where a relationship's target lives in the package, relative to `xl/`. */
function resolveTarget(target: string): string {
  if (target.startsWith("/")) return target.slice(1);
  const segments: string[] = ["xl"];
  for (const segment of target.split("/")) {
    if (segment === "..") segments.pop();
    else if (segment !== ".") segments.push(segment);
  }
  return segments.join("/");
}

/** A prefixed `id` attribute (`r:id`, `rel:id`), whatever the prefix. */
function relationshipId(attributes: Record<string, string>): string {
  for (const [name, value] of Object.entries(attributes)) if (/^[\w.-]+:id$/.test(name)) return value;
  return "";
}

async function readSharedStrings(xml: Buffer, budget: Budget): Promise<string[]> {
  const strings: string[] = [];
  const rich = createRichTextReader(budget);
  let inItem = false;
  await readXmlPart(xml, {
    open(name) {
      if (name === "si") {
        budget.spend("sharedStrings");
        inItem = true;
        rich.start();
      } else if (inItem) rich.open(name);
    },
    close(name) {
      if (name === "si") {
        inItem = false;
        strings.push(rich.finish());
      } else if (inItem) rich.close(name);
    },
    text: rich.text,
  });
  return strings;
}

/** For each cell style index, whether it shows a number as a date (custom codes as ExcelJS judges them). */
async function readDateStyles(xml: Buffer): Promise<boolean[]> {
  const customDates = new Map<string, boolean>();
  const styles: string[] = [];
  let inCellFormats = false;
  let depth = 0;
  await readXmlPart(xml, {
    open(name, attributes) {
      depth++;
      if (name === "numFmt") {
        const code = (attributes.formatCode ?? "").replace(/\[[^\]]*]/g, "").replace(/"[^"]*"/g, "");
        customDates.set(attributes.numFmtId ?? "", /[ymdhsb]/i.test(code));
      } else if (name === "cellXfs" && depth === 2) inCellFormats = true;
      else if (name === "xf" && inCellFormats && depth === 3) styles.push(attributes.numFmtId ?? "0");
    },
    close(name) {
      depth--;
      if (name === "cellXfs") inCellFormats = false;
    },
  });
  return styles.map((id) => customDates.get(id) ?? BUILT_IN_DATE_FORMATS.has(Number(id)));
}

function columnNumber(reference: string): number {
  let number = 0;
  for (const letter of reference.replace(/\d+$/, "").toUpperCase()) {
    number = number * 26 + letter.charCodeAt(0) - 64;
    // Excel's last column is XFD (16,384); a longer reference is not a cell of a real sheet.
    if (number > 16_384) return 0;
  }
  return number;
}

type SheetContext = { strings: string[]; dateStyles: boolean[]; dayOffset: number; budget: Budget };

/** What a cell shows, from its type, its style and its `<v>` text (or inline string). */
function cellValue(type: string, style: string | undefined, raw: string, context: SheetContext): CellValue {
  const value = decodeEscapes(raw);
  if (type === "s") return context.strings[Number(value)] ?? null;
  if (type === "str" || type === "e") return value;
  if (type === "b") return value === "1" || value === "true";
  if (type === "d") return validDate(new Date(value)) ?? value;
  const number = Number(value);
  if (value.trim() === "" || !Number.isFinite(number)) return value;
  if (!context.dateStyles[Number(style ?? 0)]) return number;
  // A day count no calendar can hold (1e300, -1e10) stays the number the cell holds, never an invalid date.
  return (
    validDate(new Date(EXCEL_EPOCH_MS + Math.round((number + context.dayOffset) * MS_PER_DAY))) ?? number
  );
}

const validDate = (date: Date) => (Number.isNaN(date.getTime()) ? null : date);

async function readSheetRows(xml: Buffer, context: SheetContext): Promise<XlsxRow[]> {
  const rows: XlsxRow[] = [];
  const { budget } = context;
  const rich = createRichTextReader(budget);
  let row: XlsxRow | null = null;
  let rowNumber = 0;
  let column = 0;
  let cell: { type: string; style?: string; raw: string | null; inValue: boolean; inline: boolean } | null =
    null;
  await readXmlPart(xml, {
    open(name, attributes) {
      if (name === "row") {
        budget.spend("rows");
        const declared = Number(attributes.r);
        rowNumber = Number.isInteger(declared) && declared > 0 ? declared : rowNumber + 1;
        row = { number: rowNumber, cells: new Map() };
        column = 0;
      } else if (name === "c" && row) {
        budget.spend("cells");
        column = attributes.r ? columnNumber(attributes.r) : column + 1;
        cell = { type: attributes.t ?? "n", style: attributes.s, raw: null, inValue: false, inline: false };
      } else if (!cell) {
        return;
      } else if (name === "v") {
        cell.inValue = true;
        cell.raw ??= "";
      } else if (name === "is") {
        cell.inline = true;
        rich.start();
      } else if (cell.inline) rich.open(name);
    },
    close(name) {
      if (name === "row" && row) {
        if (row.cells.size > 0) rows.push(row);
        row = null;
      } else if (name === "c" && cell && row) {
        const value =
          cell.type === "inlineStr"
            ? rich.finish()
            : cell.raw === null
              ? null
              : cellValue(cell.type, cell.style, cell.raw, context);
        if (value !== null && column > 0) row.cells.set(column, value);
        cell = null;
      } else if (!cell) {
        return;
      } else if (name === "v") cell.inValue = false;
      else if (name === "is") cell.inline = false;
      else if (cell.inline) rich.close(name);
    },
    text(text) {
      if (!cell) return;
      if (cell.inline) rich.text(text);
      else if (cell.inValue) {
        cell.raw += text;
        budget.checkText(cell.raw!);
      }
    },
  });
  return rows;
}

/** The workbook's sheets in workbook order, each with the part that holds it. */
async function readSheetList(parts: XlsxParts) {
  const targets = new Map<string, string>();
  await readXmlPart(partOf(parts, "xl/_rels/workbook.xml.rels"), {
    open(name, attributes) {
      if (name === "Relationship") targets.set(attributes.Id ?? "", resolveTarget(attributes.Target ?? ""));
    },
  });
  const sheets: { name: string; target: string }[] = [];
  let isDate1904 = false;
  await readXmlPart(partOf(parts, "xl/workbook.xml"), {
    open(name, attributes) {
      if (name === "workbookPr") isDate1904 = attributes.date1904 === "1" || attributes.date1904 === "true";
      if (name !== "sheet") return;
      const target = targets.get(relationshipId(attributes));
      if (target) sheets.push({ name: attributes.name ?? "", target });
    },
  });
  return { sheets, isDate1904 };
}

export const DEFAULT_XLSX_LIMITS: XlsxLimits = {
  rows: 100_000,
  cells: 2_000_000,
  sharedStrings: 1_000_000,
  cellCharacters: 32_767,
};

/**
 * The sheets of the workbook that `isWanted` accepts (every sheet by default), in workbook order, with
 * their non-empty rows. Sheets nobody asked for are not read at all.
 */
export async function readXlsxSheets(
  parts: XlsxParts,
  {
    isWanted = () => true,
    limits = DEFAULT_XLSX_LIMITS,
  }: { isWanted?: (name: string) => boolean; limits?: XlsxLimits } = {},
): Promise<XlsxSheet[]> {
  const budget = createBudget(limits);
  const { sheets: listed, isDate1904 } = await readSheetList(parts);
  const wanted = listed.filter((sheet) => isWanted(sheet.name));
  if (wanted.length === 0) return [];
  const context: SheetContext = {
    strings: await readSharedStrings(partOf(parts, "xl/sharedStrings.xml"), budget),
    dateStyles: await readDateStyles(partOf(parts, "xl/styles.xml")),
    dayOffset: isDate1904 ? 1462 : 0,
    budget,
  };
  const sheets: XlsxSheet[] = [];
  for (const sheet of wanted) {
    sheets.push({ name: sheet.name, rows: await readSheetRows(partOf(parts, sheet.target), context) });
  }
  return sheets;
}
