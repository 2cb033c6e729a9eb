import ExcelJS from "exceljs";
import JSZip from "jszip";
import type { TestClient } from "./client.ts";
import { multipartParts } from "./multipart.ts";

/**
 * Workbooks for import/export tests: a hand-built xlsx written from XML strings (as another spreadsheet
 * program would save it, never through ExcelJS's writer), uploads as multipart bodies, and reading a
 * downloaded workbook back into plain values.
 */

/** A cell: text, a number, a date (styled as one, like Excel stores it) or a formula with its last result. */
export type HandCell =
  | string
  | number
  | boolean
  | null
  | { date: string }
  | { formula: string; result: number | string };

export type HandSheet = { name: string; rows: HandCell[][] };

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function columnLetter(index: number): string {
  let letters = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

/** Days since 1899-12-30, as Excel stores a date. */
export function excelSerial(isoDate: string): number {
  return (Date.parse(`${isoDate}T00:00:00Z`) - Date.UTC(1899, 11, 30)) / 86_400_000;
}

function renderSheet(rows: HandCell[][], strings: Map<string, number>): string {
  const indexOf = (text: string) => {
    if (!strings.has(text)) strings.set(text, strings.size);
    return strings.get(text)!;
  };
  const renderCell = (cell: HandCell, ref: string): string => {
    if (cell === null) return "";
    if (typeof cell === "string") return `<c r="${ref}" t="s"><v>${indexOf(cell)}</v></c>`;
    if (typeof cell === "number") return `<c r="${ref}"><v>${cell}</v></c>`;
    if (typeof cell === "boolean") return `<c r="${ref}" t="b"><v>${cell ? 1 : 0}</v></c>`;
    if ("date" in cell) return `<c r="${ref}" s="1"><v>${excelSerial(cell.date)}</v></c>`;
    const isText = typeof cell.result === "string";
    const value = isText ? escapeXml(String(cell.result)) : cell.result;
    return `<c r="${ref}"${isText ? ' t="str"' : ""}><f>${escapeXml(cell.formula)}</f><v>${value}</v></c>`;
  };
  const body = rows
    .map((cells, rowIndex) => {
      const rendered = cells.map((cell, column) =>
        renderCell(cell, `${columnLetter(column)}${rowIndex + 1}`),
      );
      return `<row r="${rowIndex + 1}">${rendered.join("")}</row>`;
    })
    .join("");
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${body}</sheetData></worksheet>`;
}

/**
 * Writes an xlsx with shared strings and a date style (built-in format 14), the parts Excel itself writes.
 * `store` leaves the parts uncompressed (zip method 0), which some writers do and which is quicker to build.
 */
export async function buildXlsx(sheets: HandSheet[], { store = false } = {}): Promise<Buffer> {
  const zip = new JSZip();
  const strings = new Map<string, number>();
  const main = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
  const rel = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
  const sheetXml = sheets.map((sheet) => renderSheet(sheet.rows, strings));
  zip.file(
    "[Content_Types].xml",
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
<Default Extension="xml" ContentType="application/xml"/>
<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>
<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>
<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>
${sheets.map((_, i) => `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join("\n")}
</Types>`,
  );
  zip.file(
    "_rels/.rels",
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  );
  zip.file(
    "xl/workbook.xml",
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="${main}" xmlns:r="${rel}"><sheets>${sheets
      .map((sheet, i) => `<sheet name="${escapeXml(sheet.name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
      .join("")}</sheets></workbook>`,
  );
  zip.file(
    "xl/_rels/workbook.xml.rels",
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${sheets
      .map(
        (_, i) =>
          `<Relationship Id="rId${i + 1}" Type="${rel}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
      )
      .join(
        "",
      )}<Relationship Id="rIdS" Type="${rel}/styles" Target="styles.xml"/><Relationship Id="rIdT" Type="${rel}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
  );
  zip.file(
    "xl/styles.xml",
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="${main}"><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts><fills count="1"><fill><patternFill patternType="none"/></fill></fills><borders count="1"><border/></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="14" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs></styleSheet>`,
  );
  for (const [i, xml] of sheetXml.entries()) zip.file(`xl/worksheets/sheet${i + 1}.xml`, xml);
  zip.file(
    "xl/sharedStrings.xml",
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<sst xmlns="${main}" count="${strings.size}" uniqueCount="${strings.size}">${[...strings.keys()]
      .map((text) => `<si><t xml:space="preserve">${escapeXml(text)}</t></si>`)
      .join("")}</sst>`,
  );
  return zip.generateAsync({ type: "nodebuffer", compression: store ? "STORE" : "DEFLATE" });
}

/** A multipart/form-data body holding one workbook, as a browser's FormData would send it. */
export function multipartBody(file: Buffer, { field = "file", fileName = "book.xlsx" } = {}) {
  return multipartParts([
    {
      name: field,
      filename: fileName,
      content: file,
      contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    },
  ]);
}

export async function uploadWorkbook(client: TestClient, file: Buffer, { dryRun = false } = {}) {
  const { body, headers } = multipartBody(file);
  return client.post(`/api/import?dryRun=${dryRun}`, body, { headers });
}

export type SheetValues = { name: string; rows: ExcelJS.CellValue[][] };

/** Every sheet of a downloaded workbook as rows of ExcelJS cell values (row 1 is the header). */
export async function readXlsx(file: Buffer): Promise<SheetValues[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ExcelJS.Buffer);
  return workbook.worksheets.map((sheet) => {
    const rows: ExcelJS.CellValue[][] = [];
    sheet.eachRow((row, number) => {
      rows[number - 1] = (row.values as ExcelJS.CellValue[]).slice(1);
    });
    return { name: sheet.name, rows };
  });
}

/** The same package with some parts replaced (or added), as a hand-edited or hostile file would be. */
export async function replaceParts(file: Buffer, parts: Record<string, string | Buffer>): Promise<Buffer> {
  const JSZip = (await import("jszip")).default;
  const zip = await JSZip.loadAsync(file);
  for (const [name, content] of Object.entries(parts)) zip.file(name, content);
  return zip.generateAsync({ type: "nodebuffer", compression: "DEFLATE" });
}

/** A sheet part holding the given `<sheetData>` content. */
export const sheetXml = (sheetData: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${sheetData}</sheetData></worksheet>`;
