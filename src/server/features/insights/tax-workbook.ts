import { and, asc, between, eq } from "drizzle-orm";
import type ExcelJS from "exceljs";
import { dollarsFromCents } from "../../../shared/money.ts";
import { EXPENSE_CATEGORY_LABELS } from "../../../shared/schemas/expenses.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { expenses, mileageTrips } from "../../platform/db/schema.ts";
import { selectTrips, toMileageEntry } from "../expenses/mileage-queries.ts";
import { loadRateTable, rateLookup } from "../expenses/mileage-rates.ts";
import { buildInsights } from "./build-insights.ts";
import { yearRange } from "./figures.ts";

const MONEY = '"$"#,##0.00';
const DATE = "yyyy-mm-dd";

/** A `YYYY-MM-DD` as a spreadsheet date (midnight UTC, which ExcelJS writes as that calendar day). */
const asDate = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`);

type Column = { header: string; key: string; width: number; style?: Partial<ExcelJS.Style> };

function addSheet(book: ExcelJS.Workbook, name: string, columns: Column[]) {
  const sheet = book.addWorksheet(name, { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = columns;
  sheet.getRow(1).font = { bold: true };
  return sheet;
}

function addTotalRow(sheet: ExcelJS.Worksheet, values: Record<string, unknown>) {
  const row = sheet.addRow(values);
  row.font = { bold: true };
}

/**
 * `GET /api/insights/tax-summary.xlsx?year=`: a summary, income by state, expenses by category and line by
 * line, and the mileage log (date, destination, purpose, miles: the IRS record), as real numbers and dates.
 */
export async function buildTaxWorkbook(db: Queryable, userId: string, year: number): Promise<Buffer> {
  const { start, end } = yearRange(year);
  const [insights, expenseRows, tripRows, table] = await Promise.all([
    buildInsights(db, userId, year),
    db
      .select()
      .from(expenses)
      .where(and(eq(expenses.userId, userId), between(expenses.date, start, end)))
      .orderBy(asc(expenses.date), asc(expenses.id)),
    selectTrips(db, userId)
      .where(and(eq(mileageTrips.userId, userId), between(mileageTrips.date, start, end)))
      .orderBy(asc(mileageTrips.date), asc(mileageTrips.id)),
    loadRateTable(db, userId),
  ]);
  // ExcelJS loads with the first workbook a process writes, not at start-up (decision 011).
  const { default: excel } = await import("exceljs");
  const book = new excel.Workbook();
  book.creator = "Podium";

  const summary = addSheet(book, "Summary", [
    { header: "Figure", key: "label", width: 34 },
    { header: `${year}`, key: "value", width: 16, style: { numFmt: MONEY } },
  ]);
  summary.addRows([
    { label: "Booked (confirmed and completed events)", value: insights.income.booked },
    { label: "Invoiced", value: insights.income.invoiced },
    { label: "Collected (payments received)", value: insights.income.collected },
    { label: "Expenses", value: insights.expenses.total },
    { label: "Mileage deduction", value: insights.mileage.deduction },
    { label: "Net (collected − expenses − mileage)", value: insights.net },
  ]);

  const states = addSheet(book, "Income by state", [
    { header: "State", key: "name", width: 26 },
    { header: "Code", key: "state", width: 8 },
    { header: "Events", key: "events", width: 10 },
    { header: "Fees", key: "fees", width: 16, style: { numFmt: MONEY } },
    { header: "Attendees", key: "attendees", width: 12 },
  ]);
  states.addRows(insights.byState.map((row) => ({ ...row, state: row.state ?? "" })));
  addTotalRow(states, {
    name: "Total",
    events: insights.byState.reduce((sum, row) => sum + row.events, 0),
    fees: insights.income.booked,
    attendees: insights.byState.reduce((sum, row) => sum + row.attendees, 0),
  });

  const categories = addSheet(book, "Expenses by category", [
    { header: "Category", key: "label", width: 22 },
    { header: "Expenses", key: "count", width: 10 },
    { header: "Amount", key: "amount", width: 16, style: { numFmt: MONEY } },
  ]);
  categories.addRows(
    insights.expenses.byCategory.map((row) => ({ ...row, label: EXPENSE_CATEGORY_LABELS[row.category] })),
  );
  addTotalRow(categories, { label: "Total", count: expenseRows.length, amount: insights.expenses.total });

  const lines = addSheet(book, "Expenses", [
    { header: "Date", key: "date", width: 12, style: { numFmt: DATE } },
    { header: "Category", key: "category", width: 18 },
    { header: "Vendor", key: "vendor", width: 24 },
    { header: "Description", key: "description", width: 40 },
    { header: "Amount", key: "amount", width: 14, style: { numFmt: MONEY } },
    { header: "Billable", key: "billable", width: 10 },
  ]);
  lines.addRows(
    expenseRows.map((row) => ({
      date: asDate(row.date),
      category: EXPENSE_CATEGORY_LABELS[row.category],
      vendor: row.vendor ?? "",
      description: row.description ?? "",
      amount: dollarsFromCents(row.amount),
      billable: row.billable ? "Yes" : "No",
    })),
  );

  const log = addSheet(book, "Mileage log", [
    { header: "Date", key: "date", width: 12, style: { numFmt: DATE } },
    { header: "From", key: "from", width: 24 },
    { header: "To (destination)", key: "to", width: 24 },
    { header: "Business purpose", key: "purpose", width: 36 },
    { header: "Miles", key: "miles", width: 10 },
    { header: "Round trip", key: "roundTrip", width: 11 },
    { header: "Miles counted", key: "totalMiles", width: 14 },
    { header: "Rate (¢/mile)", key: "rateCents", width: 13 },
    { header: "Deduction", key: "deduction", width: 14, style: { numFmt: MONEY } },
  ]);
  const rateOf = rateLookup(table);
  log.addRows(
    tripRows.map((row) => {
      const entry = toMileageEntry(row, rateOf);
      return { ...entry, date: asDate(entry.date), roundTrip: entry.roundTrip ? "Yes" : "No" };
    }),
  );
  addTotalRow(log, {
    from: "Total",
    totalMiles: insights.mileage.miles,
    deduction: insights.mileage.deduction,
  });

  return Buffer.from(await book.xlsx.writeBuffer());
}
