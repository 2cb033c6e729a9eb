import type {
  BUREAU_PARTNER_COLUMNS,
  CLIENT_COLUMNS,
  EVENT_COLUMNS,
  PROFILE_FIELDS,
  WorkbookColumn,
} from "../../../shared/workbook.ts";

/**
 * How the spec §3 columns look in the exported file. The header texts themselves live in
 * src/shared/workbook.ts; this adds what only the server needs: widths, number formats, header matching.
 */

const DATE_FORMAT = "yyyy-mm-dd";
export const MONEY_FORMAT = '"$"#,##0.00';

export type EventColumnKey = (typeof EVENT_COLUMNS)[number]["key"];
export type ClientColumnKey = (typeof CLIENT_COLUMNS)[number]["key"];
export type BureauPartnerColumnKey = (typeof BUREAU_PARTNER_COLUMNS)[number]["key"];
export type ProfileFieldKey = (typeof PROFILE_FIELDS)[number]["key"];

const MONEY_COLUMNS = new Set<string>(["fee", "travelFee", "grossFee", "commission", "netFee"]);
const WIDE_COLUMNS = new Set<string>(["title", "venueName", "streetAddress", "description", "notes", "bio"]);

const DATE_STYLE = { numFmt: DATE_FORMAT };
const MONEY_STYLE = { numFmt: MONEY_FORMAT };
const PLAIN_STYLE = {};
const PERCENT_STYLE = { numFmt: "0.##%" };

/**
 * Column settings for ExcelJS: header, width and (for dates and money) the number format. The style
 * objects are shared on purpose: ExcelJS recognises a style object it has seen and skips re-encoding it.
 */
export function toSheetColumns(columns: readonly WorkbookColumn[]) {
  return columns.map((column) => ({
    header: column.header,
    key: column.key,
    width: WIDE_COLUMNS.has(column.key) ? 32 : Math.max(12, column.header.length + 2),
    style: styleOf(column.key),
  }));
}

function styleOf(key: string) {
  if (key === "date") return DATE_STYLE;
  if (key === "commissionBasisPoints") return PERCENT_STYLE;
  return MONEY_COLUMNS.has(key) ? MONEY_STYLE : PLAIN_STYLE;
}

/** A header or sheet name without case, spaces or asterisks: "Event Name*" and "event name" are the same. */
export function normalizeHeader(text: string): string {
  return text.toLowerCase().replace(/[\s*]+/g, "");
}

/**
 * Which column of a sheet holds each known key, from its header row; unknown headers are ignored and the
 * first of two equal headers wins.
 */
export function locateColumns<Key extends string>(
  columns: readonly WorkbookColumn<Key>[],
  headers: Map<number, string>,
): Map<Key, number> {
  const keyByHeader = new Map(columns.map((column) => [normalizeHeader(column.header), column.key]));
  const located = new Map<Key, number>();
  for (const [columnNumber, header] of headers) {
    const key = keyByHeader.get(normalizeHeader(header));
    if (key !== undefined && !located.has(key)) located.set(key, columnNumber);
  }
  return located;
}
