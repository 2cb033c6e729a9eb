import type { ImportProblem } from "../../../shared/schemas/data-management.ts";
import { earlyCompletionRefusal, isTooEarlyToComplete } from "../../../shared/schemas/event-status.ts";
import {
  BUREAU_PARTNER_COLUMNS,
  CLIENT_COLUMNS,
  EVENT_COLUMNS,
  PROFILE_FIELDS,
  PROFILE_HEADERS,
  SHEET_NAMES,
  type WorkbookColumn,
} from "../../../shared/workbook.ts";
import type { bureauPartners, clients, events, speakerProfiles } from "../../platform/db/schema.ts";
import { readText } from "./cell-values.ts";
import {
  BUREAU_PARTNER_RULES,
  CLIENT_RULES,
  EVENT_RULES,
  type FieldRule,
  PROFILE_RULES,
} from "./field-rules.ts";
import { isTemplateExample, TEMPLATE_EXAMPLE_MESSAGE } from "./import-template.ts";
import type { RawSheet, RawWorkbook } from "./parse-workbook.ts";
import { locateColumns, normalizeHeader } from "./workbook-columns.ts";

type Editable<Row> = Omit<Row, "id" | "userId" | "createdAt" | "updatedAt">;

/** An Events row: only the columns the sheet has are set, so a missing column leaves stored values alone. */
export type EventFields = Partial<
  Omit<Editable<typeof events.$inferInsert>, "clientId" | "bureauPartnerId">
> & {
  title: string;
  date: string;
  clientName?: string | null;
  bureauPartnerName?: string | null;
};
export type ClientFields = Partial<Editable<typeof clients.$inferInsert>> & { name: string };
export type BureauPartnerFields = Partial<Editable<typeof bureauPartners.$inferInsert>> & { name: string };
export type ProfileFields = Partial<
  Omit<typeof speakerProfiles.$inferInsert, "userId" | "slug" | "updatedAt">
>;

export type ImportRecord<Fields> = { row: number; fields: Fields };

export type ValidatedWorkbook = {
  events: ImportRecord<EventFields>[];
  clients: ImportRecord<ClientFields>[];
  bureauPartners: ImportRecord<BureauPartnerFields>[];
  /** Null when the workbook has no Profile sheet. */
  profile: ProfileFields | null;
  errors: ImportProblem[];
};

/**
 * Turns every row into the values it would store, collecting every problem instead of stopping at one.
 * `today` is the speaker's, for the rule that an event is Completed only from its date on.
 */
export function validateWorkbook(workbook: RawWorkbook, today: string): ValidatedWorkbook {
  const errors: ImportProblem[] = [];
  const sheetOf = (name: string) => workbook.get(normalizeHeader(name));
  const eventsSheet = sheetOf(SHEET_NAMES.events);
  const clientsSheet = sheetOf(SHEET_NAMES.clients);
  const partnersSheet = sheetOf(SHEET_NAMES.bureauPartners);
  const profileSheet = sheetOf(SHEET_NAMES.profile);
  const result: ValidatedWorkbook = {
    events: eventsSheet ? validateSheet<EventFields>(eventsSheet, EVENT_COLUMNS, EVENT_RULES, errors) : [],
    clients: clientsSheet
      ? validateSheet<ClientFields>(clientsSheet, CLIENT_COLUMNS, CLIENT_RULES, errors)
      : [],
    bureauPartners: partnersSheet
      ? validateSheet<BureauPartnerFields>(
          partnersSheet,
          BUREAU_PARTNER_COLUMNS,
          BUREAU_PARTNER_RULES,
          errors,
        )
      : [],
    profile: profileSheet ? validateProfile(profileSheet, errors) : null,
    errors,
  };
  refuseDuplicateNames(SHEET_NAMES.clients, CLIENT_COLUMNS[0].header, result.clients, errors);
  refuseDuplicateNames(
    SHEET_NAMES.bureauPartners,
    BUREAU_PARTNER_COLUMNS[0].header,
    result.bureauPartners,
    errors,
  );
  refuseTemplateExamples(result, profileSheet, errors);
  refuseEarlyCompletions(result.events, today, errors);
  errors.sort((a, b) => sheetOrder(a.sheet) - sheetOrder(b.sheet) || a.row - b.row);
  return result;
}

/** Rows still equal to the template's examples would import sample data as the speaker's own: refused. */
function refuseTemplateExamples(
  workbook: ValidatedWorkbook,
  profileSheet: RawSheet | undefined,
  errors: ImportProblem[],
) {
  const sheets = [
    ["events", "event", SHEET_NAMES.events, EVENT_COLUMNS[0].header],
    ["clients", "client", SHEET_NAMES.clients, CLIENT_COLUMNS[0].header],
    ["bureauPartners", "bureauPartner", SHEET_NAMES.bureauPartners, BUREAU_PARTNER_COLUMNS[0].header],
  ] as const;
  for (const [key, example, sheet, column] of sheets) {
    for (const record of workbook[key]) {
      if (isTemplateExample(example, record.fields)) {
        errors.push({ sheet, row: record.row, column, message: TEMPLATE_EXAMPLE_MESSAGE });
      }
    }
  }
  if (profileSheet && workbook.profile && isTemplateExample("profile", workbook.profile)) {
    const nameRow = profileSheet.rows.find((row) =>
      [...row.cells.values()].some((cell) => readText(cell)?.toLowerCase() === "name"),
    );
    errors.push({
      sheet: SHEET_NAMES.profile,
      row: nameRow?.number ?? profileSheet.headerRow ?? 1,
      column: PROFILE_HEADERS[1],
      message: TEMPLATE_EXAMPLE_MESSAGE,
    });
  }
}

/** A row marked Completed before its date is refused as the API refuses it. */
function refuseEarlyCompletions(
  records: ImportRecord<EventFields>[],
  today: string,
  errors: ImportProblem[],
) {
  const column = EVENT_COLUMNS.find((candidate) => candidate.key === "status")!.header;
  for (const { row, fields } of records) {
    if (fields.status === "completed" && isTooEarlyToComplete(fields.date, today)) {
      errors.push({ sheet: SHEET_NAMES.events, row, column, message: earlyCompletionRefusal(fields.date) });
    }
  }
}

function sheetOrder(sheet: string): number {
  return Object.values(SHEET_NAMES).indexOf(sheet as (typeof SHEET_NAMES)[keyof typeof SHEET_NAMES]);
}

function validateSheet<Fields>(
  sheet: RawSheet,
  columns: readonly WorkbookColumn[],
  rules: Record<string, FieldRule | null>,
  errors: ImportProblem[],
): ImportRecord<Fields>[] {
  const sheetName = canonicalSheetName(sheet);
  const located = locateColumns(columns, sheet.headers);
  const missing = columns.filter((column) => column.isRequired && !located.has(column.key));
  for (const column of missing) {
    const message = `The ${column.header} column is missing`;
    errors.push({ sheet: sheetName, row: sheet.headerRow || 1, column: column.header, message });
  }
  if (missing.length > 0) return [];
  const imported = columns.filter((column) => located.has(column.key) && rules[column.key]);
  const records: ImportRecord<Fields>[] = [];
  for (const row of sheet.rows) {
    const values = imported.map((column) => row.cells.get(located.get(column.key)!) ?? null);
    // A row with nothing in the imported columns (say, only a copied-down formula) is a blank row.
    if (values.every((value) => readText(value) === null)) continue;
    const fields: Record<string, unknown> = {};
    let isValid = true;
    imported.forEach((column, index) => {
      const parsed = rules[column.key]!(values[index]!, column.header);
      if ("problem" in parsed) {
        errors.push({ sheet: sheetName, row: row.number, column: column.header, message: parsed.problem });
        isValid = false;
      } else {
        fields[column.key] = parsed.value;
      }
    });
    if (isValid) records.push({ row: row.number, fields: fields as Fields });
  }
  return records;
}

/** The Profile sheet: a `Field | Value` header row, then one row per profile field by its label. */
function validateProfile(sheet: RawSheet, errors: ImportProblem[]): ProfileFields {
  const [fieldHeader, valueHeader] = PROFILE_HEADERS;
  const columns = [
    { key: "field", header: fieldHeader, isRequired: true },
    { key: "value", header: valueHeader, isRequired: true },
  ];
  const located = locateColumns(columns, sheet.headers);
  const profile: ProfileFields = {};
  if (!located.has("field") || !located.has("value")) {
    const message = `The ${SHEET_NAMES.profile} sheet needs the header row ${fieldHeader} | ${valueHeader}`;
    errors.push({ sheet: SHEET_NAMES.profile, row: sheet.headerRow || 1, column: null, message });
    return profile;
  }
  const fieldsByLabel = new Map(PROFILE_FIELDS.map((field) => [normalizeHeader(field.label), field]));
  const seenOnRow = new Map<string, number>();
  for (const row of sheet.rows) {
    const label = readText(row.cells.get(located.get("field")!) ?? null);
    const value = row.cells.get(located.get("value")!) ?? null;
    if (label === null) {
      if (readText(value) !== null) {
        errors.push({
          sheet: SHEET_NAMES.profile,
          row: row.number,
          column: fieldHeader,
          message: `${fieldHeader} is empty`,
        });
      }
      continue;
    }
    const field = fieldsByLabel.get(normalizeHeader(label));
    const problem = (message: string, column: string) =>
      errors.push({ sheet: SHEET_NAMES.profile, row: row.number, column, message });
    if (!field) {
      problem(
        `'${label}' is not a profile field (use ${PROFILE_FIELDS.map((f) => f.label).join(", ")})`,
        fieldHeader,
      );
      continue;
    }
    const earlier = seenOnRow.get(field.key);
    if (earlier !== undefined) {
      problem(`${field.label} is already on row ${earlier}`, fieldHeader);
      continue;
    }
    seenOnRow.set(field.key, row.number);
    const parsed = PROFILE_RULES[field.key](value, field.label);
    if ("problem" in parsed) problem(parsed.problem, valueHeader);
    else Object.assign(profile, { [field.key]: parsed.value });
  }
  return profile;
}

/** Names identify clients and bureau partners, so a sheet may hold each name (in any case) once. */
function refuseDuplicateNames(
  sheet: string,
  column: string,
  records: ImportRecord<{ name: string }>[],
  errors: ImportProblem[],
) {
  const firstRow = new Map<string, number>();
  for (const record of records) {
    const key = record.fields.name.toLowerCase();
    const earlier = firstRow.get(key);
    if (earlier === undefined) firstRow.set(key, record.row);
    else
      errors.push({
        sheet,
        row: record.row,
        column,
        message: `${column} '${record.fields.name}' is already on row ${earlier}`,
      });
  }
}

function canonicalSheetName(sheet: RawSheet): string {
  const key = normalizeHeader(sheet.name);
  return Object.values(SHEET_NAMES).find((name) => normalizeHeader(name) === key) ?? sheet.name;
}
