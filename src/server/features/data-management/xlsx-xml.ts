import type { CellValue } from "./cell-values.ts";

/**
 * Reads the parts of an xlsx (SpreadsheetML, ECMA-376) an import needs: sheet names, shared strings, which
 * styles are dates, and each sheet's cells as the values they show (a formula's cached result). It works
 * on the parts inspect-upload.ts already unpacked under a size cap, so what is parsed is exactly what was
 * checked, and it is about four times faster than loading the whole workbook model with ExcelJS, which
 * keeps a 10,000-row import within its time budget. Element names may carry a namespace prefix (`x:c`).
 */

export type XlsxParts = Map<string, Buffer>;
export type XlsxSheet = { name: string; rows: XlsxRow[] };
export type XlsxRow = { number: number; cells: Map<number, CellValue> };

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

const element = (name: string, flags = "g") =>
  new RegExp(`<(?:\\w+:)?${name}\\b([^>]*?)(?:/>|>([\\s\\S]*?)</(?:\\w+:)?${name}>)`, flags);

const SHARED_STRING = element("si");
const TEXT_RUN = element("t");
const NUMBER_FORMAT = element("numFmt");
const CELL_FORMATS = element("cellXfs", "");
const CELL_FORMAT = element("xf");
const INLINE_STRING = element("is", "");
const VALUE = element("v", "");
const ROW = element("row");
const CELL = element("c");
const SHEET = element("sheet");
const RELATIONSHIP = element("Relationship");
const CELL_ATTRIBUTE = /\b([rst])\s*=\s*"([^"]*)"/g;
const ROW_NUMBER = /\br\s*=\s*"(\d+)"/;

function readAttributes(source: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const [, name, value] of source.matchAll(/([\w:.-]+)\s*=\s*"([^"]*)"/g)) {
    attributes.set(name!.replace(/^\w+:(?=id$)/, "r:"), decodeXml(value!));
  }
  return attributes;
}

const NAMED_ENTITIES: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

/** XML entities, then the `_xHHHH_` escapes SpreadsheetML uses for control characters. */
function decodeXml(text: string): string {
  // Most values have neither; skipping the replacements for them saves a third of a large import's time.
  if (!text.includes("&") && !text.includes("_x")) return text;
  return text
    .replace(/&(#x[\da-f]+|#\d+|lt|gt|amp|quot|apos);/gi, (_, entity: string) => {
      if (entity[0] !== "#") return NAMED_ENTITIES[entity.toLowerCase()] ?? "";
      const code =
        entity[1] === "x" || entity[1] === "X"
          ? Number.parseInt(entity.slice(2), 16)
          : Number(entity.slice(1));
      return String.fromCodePoint(code);
    })
    .replace(/_x([\da-f]{4})_/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The text of a string item: its runs' `<t>` texts, without phonetic guides (`<rPh>`). */
function readRichText(xml: string): string {
  const visible = xml.replace(/<(?:\w+:)?rPh\b[\s\S]*?<\/(?:\w+:)?rPh>/g, "");
  let text = "";
  for (const match of visible.matchAll(TEXT_RUN)) text += match[2] ?? "";
  return decodeXml(text);
}

function partText(parts: XlsxParts, name: string): string {
  return parts.get(name)?.toString("utf8") ?? "";
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

function readSharedStrings(xml: string): string[] {
  return Array.from(xml.matchAll(SHARED_STRING), (match) => readRichText(match[2] ?? ""));
}

/** For each cell style index, whether it shows a number as a date (custom codes as ExcelJS judges them). */
function readDateStyles(xml: string): boolean[] {
  const customDates = new Map<string, boolean>();
  for (const [, attributes] of xml.matchAll(NUMBER_FORMAT)) {
    const found = readAttributes(attributes!);
    const code = (found.get("formatCode") ?? "").replace(/\[[^\]]*]/g, "").replace(/"[^"]*"/g, "");
    customDates.set(found.get("numFmtId") ?? "", /[ymdhsb]/i.test(code));
  }
  const cellXfs = CELL_FORMATS.exec(xml)?.[2] ?? "";
  return Array.from(cellXfs.matchAll(CELL_FORMAT), ([, attributes]) => {
    const id = readAttributes(attributes!).get("numFmtId") ?? "0";
    return customDates.get(id) ?? BUILT_IN_DATE_FORMATS.has(Number(id));
  });
}

function columnNumber(reference: string): number {
  let number = 0;
  for (const letter of reference.replace(/\d+$/, "").toUpperCase())
    number = number * 26 + letter.charCodeAt(0) - 64;
  return number;
}

type SheetContext = { strings: string[]; dateStyles: boolean[]; dayOffset: number };

type CellAttributes = { r?: string; s?: string; t?: string };

/** A cell's r, s and t attributes: read directly, as they are parsed for every cell of the workbook. */
function readCellAttributes(source: string): CellAttributes {
  const attributes: CellAttributes = {};
  for (const [, name, value] of source.matchAll(CELL_ATTRIBUTE))
    attributes[name as keyof CellAttributes] = value;
  return attributes;
}

function readCell(attributes: CellAttributes, body: string, context: SheetContext): CellValue {
  const type = attributes.t ?? "n";
  if (type === "inlineStr") return readRichText(INLINE_STRING.exec(body)?.[2] ?? "");
  const raw = VALUE.exec(body)?.[2];
  if (raw === undefined) return null;
  const value = decodeXml(raw);
  if (type === "s") return context.strings[Number(value)] ?? null;
  if (type === "str" || type === "e") return value;
  if (type === "b") return value === "1" || value === "true";
  if (type === "d") return new Date(value);
  const number = Number(value);
  if (!Number.isFinite(number)) return value;
  if (!context.dateStyles[Number(attributes.s ?? 0)]) return number;
  return new Date(EXCEL_EPOCH_MS + Math.round((number + context.dayOffset) * MS_PER_DAY));
}

function readSheetRows(xml: string, context: SheetContext): XlsxRow[] {
  const rows: XlsxRow[] = [];
  let rowNumber = 0;
  for (const [, rowAttributes, rowBody] of xml.matchAll(ROW)) {
    rowNumber = Number(ROW_NUMBER.exec(rowAttributes!)?.[1] ?? rowNumber + 1);
    const cells = new Map<number, CellValue>();
    let column = 0;
    for (const [, cellAttributes, cellBody] of (rowBody ?? "").matchAll(CELL)) {
      const attributes = readCellAttributes(cellAttributes!);
      column = attributes.r ? columnNumber(attributes.r) : column + 1;
      const value = readCell(attributes, cellBody ?? "", context);
      if (value !== null) cells.set(column, value);
    }
    if (cells.size > 0) rows.push({ number: rowNumber, cells });
  }
  return rows;
}

/** Every sheet of the workbook, in workbook order, with its non-empty rows. */
export function readXlsxSheets(parts: XlsxParts): XlsxSheet[] {
  const workbook = partText(parts, "xl/workbook.xml");
  const targets = new Map<string, string>();
  for (const [, attributes] of partText(parts, "xl/_rels/workbook.xml.rels").matchAll(RELATIONSHIP)) {
    const found = readAttributes(attributes!);
    targets.set(found.get("Id") ?? "", resolveTarget(found.get("Target") ?? ""));
  }
  const isDate1904 = /<(?:\w+:)?workbookPr\b[^>]*\bdate1904\s*=\s*"(1|true)"/.test(workbook);
  const context: SheetContext = {
    strings: readSharedStrings(partText(parts, "xl/sharedStrings.xml")),
    dateStyles: readDateStyles(partText(parts, "xl/styles.xml")),
    dayOffset: isDate1904 ? 1462 : 0,
  };
  const sheets: XlsxSheet[] = [];
  for (const [, attributes] of workbook.matchAll(SHEET)) {
    const found = readAttributes(attributes!);
    const target = targets.get(found.get("r:id") ?? "");
    if (!target) continue;
    sheets.push({ name: found.get("name") ?? "", rows: readSheetRows(partText(parts, target), context) });
  }
  return sheets;
}
