import { once } from "node:events";
import type { Writable } from "node:stream";
import type ExcelJS from "exceljs";
import { commissionCentsOf, dollarsFromCents } from "../../../shared/money.ts";
import { EVENT_STATUS_LABELS } from "../../../shared/schemas/event-status.ts";
import {
  BUREAU_PARTNER_COLUMNS,
  CLIENT_COLUMNS,
  EVENT_COLUMNS,
  PROFILE_FIELDS,
  PROFILE_HEADERS,
  SHEET_NAMES,
} from "../../../shared/workbook.ts";
import type { Queryable } from "../../platform/db/client.ts";
import {
  type ExportBureauPartnerRow,
  type ExportEventRow,
  type ExportProfile,
  pageBureauPartners,
  pageClients,
  pageEvents,
  readProfile,
} from "./read-account.ts";
import {
  type BureauPartnerColumnKey,
  type ClientColumnKey,
  type EventColumnKey,
  MONEY_FORMAT,
  toSheetColumns,
} from "./workbook-columns.ts";

export const XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

type SheetValue = string | number | Date | null;
export type EventSheetRow = Record<EventColumnKey, SheetValue>;
type Pages<Row> = AsyncIterable<Row[]> | Iterable<Row[]>;

/** What goes into the four sheets; the rows may come from database pages or be a fixed example. */
export type WorkbookContent = {
  events: Pages<EventSheetRow>;
  clients: Pages<Record<ClientColumnKey, SheetValue>>;
  bureauPartners: Pages<Record<BureauPartnerColumnKey, SheetValue>>;
  /** Null: the Profile sheet has only its header row (the import template). */
  profile: ExportProfile | null;
};

/**
 * Streams the spec §3 workbook into `output`, one sheet after another and a page of rows at a time.
 * Text is written as shared strings, a type no spreadsheet program evaluates, so a value such as
 * "=HYPERLINK(...)" stays text (DESIGN §4, spreadsheet safety).
 */
export async function writeWorkbook(
  output: Writable,
  content: WorkbookContent,
  options: { afterSheets?: (workbook: ExcelJS.stream.xlsx.WorkbookWriter) => void } = {},
): Promise<void> {
  // ExcelJS loads with the first workbook a process writes, not at start-up (decision 011).
  const { default: excel } = await import("exceljs");
  const workbook = new excel.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: true,
  });
  await writeSheet(workbook, output, SHEET_NAMES.events, toSheetColumns(EVENT_COLUMNS), content.events);
  await writeSheet(workbook, output, SHEET_NAMES.clients, toSheetColumns(CLIENT_COLUMNS), content.clients);
  await writeSheet(
    workbook,
    output,
    SHEET_NAMES.bureauPartners,
    toSheetColumns(BUREAU_PARTNER_COLUMNS),
    content.bureauPartners,
  );
  writeProfileSheet(workbook, content.profile);
  options.afterSheets?.(workbook);
  await workbook.commit();
}

async function writeSheet<Row extends Record<string, unknown>>(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  output: Writable,
  name: string,
  columns: ReturnType<typeof toSheetColumns>,
  pages: Pages<Row>,
) {
  const sheet = workbook.addWorksheet(name, { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = columns;
  sheet.getRow(1).font = { bold: true };
  for await (const page of pages) {
    for (const record of page) {
      // Only filled cells are created (an array with holes), each given its column's shared style object
      // (ExcelJS would otherwise encode a fresh copy for every cell): this halves the time of a large export.
      const values: unknown[] = [];
      columns.forEach((column, index) => {
        const value = record[column.key];
        if (value !== null && value !== undefined) values[index + 1] = value;
      });
      const row = sheet.addRow(values);
      row.eachCell((cell, columnNumber) => {
        cell.style = columns[columnNumber - 1]!.style;
      });
      row.commit();
    }
    await waitForReader(output);
  }
  sheet.commit();
}

/** Waits while a slow reader catches up, instead of piling the file up in memory; stops if it left. */
async function waitForReader(output: Writable) {
  // Compression runs on callbacks: let it pass the page on before asking whether the reader keeps up.
  await new Promise((resolve) => setImmediate(resolve));
  if (output.writableNeedDrain && !output.destroyed) {
    await Promise.race([once(output, "drain"), once(output, "close")]);
  }
  if (output.destroyed) throw new DownloadCancelled();
}

/** The reader went away (a download cancelled in the browser): nothing more needs to be read. */
export class DownloadCancelled extends Error {}

function writeProfileSheet(workbook: ExcelJS.stream.xlsx.WorkbookWriter, profile: ExportProfile | null) {
  const sheet = workbook.addWorksheet(SHEET_NAMES.profile);
  sheet.columns = [
    { header: PROFILE_HEADERS[0], key: "field", width: 16 },
    { header: PROFILE_HEADERS[1], key: "value", width: 60 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const { key, label } of profile ? PROFILE_FIELDS : []) {
    const stored = profile![key];
    const isMoney = key === "annualGoal";
    const row = sheet.addRow([label, isMoney && stored !== null ? dollarsFromCents(Number(stored)) : stored]);
    if (isMoney) row.getCell(2).numFmt = MONEY_FORMAT;
    row.commit();
  }
  sheet.commit();
}

/** An event as its Events row: dates as real dates, money in dollars, the status's label. */
export function toEventSheetRow(event: ExportEventRow): EventSheetRow {
  const rate = event.bureauCommissionBasisPoints;
  const commission = rate === null ? null : commissionCentsOf(event.fee, rate);
  return {
    title: event.title,
    date: new Date(`${event.date}T00:00:00Z`),
    venueName: event.venueName,
    streetAddress: event.streetAddress,
    city: event.city,
    state: event.state,
    zipCode: event.zipCode,
    fee: dollarsFromCents(event.fee),
    travelFee: dollarsFromCents(event.travelFee),
    grossFee: dollarsFromCents(event.fee + event.travelFee),
    status: EVENT_STATUS_LABELS[event.status],
    description: event.description,
    notes: event.notes,
    source: event.source,
    attendees: event.attendees,
    time: event.time,
    industry: null,
    bureauPartnerName: event.bureauPartnerName,
    bureauRepName: event.bureauRepName,
    contactName: event.contactName,
    contactEmail: event.contactEmail,
    clientName: event.clientName,
    commission: commission === null ? null : dollarsFromCents(commission),
    netFee: dollarsFromCents(event.fee + event.travelFee - (commission ?? 0)),
    contactPhone: event.contactPhone,
    arrivalTime: event.arrivalTime,
  };
}

/** A bureau partner as its row; the commission rate as the fraction a percent-formatted cell holds. */
function toBureauPartnerSheetRow(partner: ExportBureauPartnerRow) {
  const { id: _id, commissionBasisPoints, ...fields } = partner;
  return {
    ...fields,
    commissionBasisPoints: commissionBasisPoints === null ? null : commissionBasisPoints / 10_000,
  };
}

async function* mapPages<From, To>(pages: AsyncIterable<From[]>, map: (row: From) => To) {
  for await (const page of pages) yield page.map(map);
}

/** The user's whole account as the spec §3 workbook, read from the database page by page while written. */
export async function writeAccountWorkbook(db: Queryable, userId: string, output: Writable): Promise<void> {
  await writeWorkbook(output, {
    events: mapPages(pageEvents(db, userId), toEventSheetRow),
    clients: pageClients(db, userId),
    bureauPartners: mapPages(pageBureauPartners(db, userId), toBureauPartnerSheetRow),
    profile: await readProfile(db, userId),
  });
}
