import { dollarsFromCents } from "../../../shared/money.ts";
import {
  IMPORT_NAMED_RECORDS,
  type ImportCounts,
  type ImportSummary,
} from "../../../shared/schemas/data-management.ts";
import { PROFILE_FIELDS } from "../../../shared/workbook.ts";
import type { ExistingAccount, ExistingEvent, ExistingNamed } from "./load-existing.ts";
import type {
  BureauPartnerFields,
  ClientFields,
  EventFields,
  ProfileFields,
  ValidatedWorkbook,
} from "./validate-rows.ts";

/**
 * Decides, without writing, what an import does to an account (DESIGN §8): clients and bureau partners
 * are matched by name, events by title + date + venue, all without regard to case. Events that share a
 * key are paired in order, so an account holding two such events re-imports its own export unchanged.
 */

type NamedPlan<Fields> = {
  inserts: Fields[];
  updates: { id: string; fields: Fields }[];
  /** Ids by lower-cased name, of existing records and of those about to be inserted (null until then). */
  idsByName: Map<string, string | null>;
};

export type EventWrite = Omit<EventFields, "clientName" | "bureauPartnerName"> & {
  clientName: string | null;
  bureauPartnerName: string | null;
};

export type ImportPlan = {
  clients: NamedPlan<ClientFields>;
  bureauPartners: NamedPlan<BureauPartnerFields>;
  eventInserts: EventWrite[];
  eventUpdates: { id: string; fields: EventWrite }[];
  profile: { outcome: ImportSummary["profile"]; fields: ProfileFields };
  created: ImportCounts;
  updated: ImportCounts;
  unchanged: ImportCounts;
};

const lower = (text: string | null | undefined) => (text ?? "").toLowerCase();

/** True when a field the row sets differs from the stored record. */
function differs(stored: Record<string, unknown>, fields: Record<string, unknown>): boolean {
  return Object.entries(fields).some(([key, value]) => (stored[key] ?? null) !== (value ?? null));
}

function planNamed<Fields extends { name: string }>(
  existing: ExistingNamed[],
  records: { fields: Fields }[],
  namesFromEvents: (string | null | undefined)[],
): NamedPlan<Fields> & { counts: [number, number, number] } {
  const byName = new Map(existing.map((record) => [lower(record.name), record]));
  const plan: NamedPlan<Fields> = {
    inserts: [],
    updates: [],
    idsByName: new Map(existing.map((record) => [lower(record.name), record.id])),
  };
  let unchanged = 0;
  for (const { fields } of records) {
    const stored = byName.get(lower(fields.name));
    if (!stored) plan.inserts.push(fields);
    else if (differs(stored, fields)) plan.updates.push({ id: stored.id, fields: { ...stored, ...fields } });
    else unchanged++;
    if (!stored) plan.idsByName.set(lower(fields.name), null);
  }
  for (const name of namesFromEvents) {
    if (!name || plan.idsByName.has(lower(name))) continue;
    plan.inserts.push({ name } as Fields);
    plan.idsByName.set(lower(name), null);
  }
  return { ...plan, counts: [plan.inserts.length, plan.updates.length, unchanged] };
}

const eventKey = (title: string, date: string, venueName: string | null | undefined) =>
  `${lower(title)}\u0000${date}\u0000${lower(venueName)}`;

function eventDiffers(stored: ExistingEvent, write: EventWrite): boolean {
  const { clientName, bureauPartnerName, ...fields } = write;
  return (
    differs(stored, fields) ||
    lower(stored.clientName) !== lower(clientName) ||
    lower(stored.bureauPartnerName) !== lower(bureauPartnerName)
  );
}

/** The row's values over the stored event's: a column the sheet lacks keeps the stored value or link. */
function toEventWrite(stored: ExistingEvent | undefined, fields: EventFields): EventWrite {
  return {
    ...stored,
    ...fields,
    clientName: fields.clientName !== undefined ? fields.clientName : (stored?.clientName ?? null),
    bureauPartnerName:
      fields.bureauPartnerName !== undefined ? fields.bureauPartnerName : (stored?.bureauPartnerName ?? null),
  };
}

export function planImport(account: ExistingAccount, workbook: ValidatedWorkbook): ImportPlan {
  const clients = planNamed(
    account.clients,
    workbook.clients,
    workbook.events.map((event) => event.fields.clientName),
  );
  const bureauPartners = planNamed(
    account.bureauPartners,
    workbook.bureauPartners,
    workbook.events.map((event) => event.fields.bureauPartnerName),
  );
  const waiting = new Map<string, ExistingEvent[]>();
  for (const event of account.events) {
    const key = eventKey(event.title, event.date, event.venueName);
    waiting.set(key, [...(waiting.get(key) ?? []), event]);
  }
  const eventInserts: EventWrite[] = [];
  const eventUpdates: { id: string; fields: EventWrite }[] = [];
  let eventsUnchanged = 0;
  for (const { fields } of workbook.events) {
    const candidates = waiting.get(eventKey(fields.title, fields.date, fields.venueName)) ?? [];
    // Among events sharing the key, an identical one is the best partner; otherwise the first.
    const same = candidates.findIndex((event) => !eventDiffers(event, toEventWrite(event, fields)));
    const [stored] = candidates.splice(Math.max(same, 0), 1);
    const write = toEventWrite(stored, fields);
    if (!stored) eventInserts.push(write);
    else if (eventDiffers(stored, write)) eventUpdates.push({ id: stored.id, fields: write });
    else eventsUnchanged++;
  }
  const profile = planProfile(account.profile, workbook.profile);
  return {
    clients,
    bureauPartners,
    eventInserts,
    eventUpdates,
    profile,
    created: {
      events: eventInserts.length,
      clients: clients.counts[0],
      bureauPartners: bureauPartners.counts[0],
    },
    updated: {
      events: eventUpdates.length,
      clients: clients.counts[1],
      bureauPartners: bureauPartners.counts[1],
    },
    unchanged: {
      events: eventsUnchanged,
      clients: clients.counts[2],
      bureauPartners: bureauPartners.counts[2],
    },
  };
}

const eventName = (event: { title: string; date: string }) => `${event.title} (${event.date})`;
const firstNames = (names: string[]) => names.slice(0, IMPORT_NAMED_RECORDS);

/** The records a plan creates and updates, by name, and the profile's fields before and after. */
export function describePlan(
  plan: ImportPlan,
  storedProfile: ProfileFields | null,
): Pick<ImportSummary, "records" | "profileChanges"> {
  const named = (part: NamedPlan<{ name: string }>) => ({
    created: firstNames(part.inserts.map((fields) => fields.name)),
    updated: firstNames(part.updates.map(({ fields }) => fields.name)),
  });
  const shown = (key: string, value: unknown) => {
    if (value === null || value === undefined) return null;
    return key === "annualGoal"
      ? `$${dollarsFromCents(Number(value)).toLocaleString("en-US")}`
      : String(value);
  };
  const profileChanges =
    plan.profile.outcome === "created" || plan.profile.outcome === "updated"
      ? PROFILE_FIELDS.filter(({ key }) => key in plan.profile.fields)
          .map(({ key, label }) => ({
            field: label,
            before: shown(key, storedProfile?.[key]),
            after: shown(key, plan.profile.fields[key]),
          }))
          .filter((change) => change.before !== change.after)
      : [];
  return {
    records: {
      events: {
        created: firstNames(plan.eventInserts.map(eventName)),
        updated: firstNames(plan.eventUpdates.map(({ fields }) => eventName(fields))),
      },
      clients: named(plan.clients),
      bureauPartners: named(plan.bureauPartners),
    },
    profileChanges,
  };
}

function planProfile(stored: ProfileFields | null, fields: ProfileFields | null): ImportPlan["profile"] {
  if (!fields) return { outcome: "absent", fields: {} };
  if (stored) return { outcome: differs(stored, fields) ? "updated" : "unchanged", fields };
  const hasContent = Object.values(fields).some((value) => value !== null && value !== undefined);
  return { outcome: hasContent ? "created" : "unchanged", fields };
}
