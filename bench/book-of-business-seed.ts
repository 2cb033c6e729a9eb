import type { DatabaseHandle } from "../src/server/platform/db/client.ts";

export const EVENTS_PER_SPEAKER = 500;
export const CLIENTS_PER_SPEAKER = 50;
export const PARTNERS_PER_SPEAKER = 5;
/** Speakers seeded per statement: small enough to keep each statement's memory modest. */
const SPEAKERS_PER_BATCH = 50;

/** Deterministic ids, so events can point at their client without a lookup. */
const userId = (u: string) => `md5('bench-user-' || ${u})::uuid`;
const clientId = (u: string, c: string) => `md5('bench-client-' || ${u} || '-' || ${c})::uuid`;
const partnerId = (u: string, p: string) => `md5('bench-partner-' || ${u} || '-' || ${p})::uuid`;

const words = `with words as (select
  array['Leadership','Innovation','Sales','Resilience','Growth','Change','Culture','Wellness','Strategy',
    'Customer','Future','Teamwork','Diversity','Safety','Marketing','Finance','Technology','Purpose'] as topics,
  array['Summit','Keynote','Workshop','Conference','Retreat','Gala','Panel','Forum','Kickoff','Seminar'] as formats,
  array['Chicago','Denver','Austin','Boston','Seattle','Atlanta','Nashville','Phoenix','Orlando','Dallas',
    'Portland','Miami','San Diego','Las Vegas','New York','Minneapolis','Charlotte','Detroit','Tampa','Omaha'] as cities,
  array['IL','CO','TX','MA','WA','GA','TN','AZ','FL','TX','OR','FL','CA','NV','NY','MN','NC','MI','FL','NE'] as states,
  array['Grand Hyatt','Hilton','Marriott Marquis','Convention Center','Sheraton','Ritz-Carlton','Westin',
    'Four Seasons','Hyatt Regency','University Hall','Civic Center','Omni'] as venues,
  array['Acme','Globex','Initech','Umbrella','Stark','Wayne','Hooli','Vandelay','Wonka','Cyberdyne',
    'Soylent','Tyrell','Massive Dynamic','Aperture','Oscorp'] as companies,
  array['Avery','Jordan','Casey','Morgan','Riley','Quinn','Taylor','Harper','Rowan','Sage'] as people)`;

function seedBatchSql(first: number, last: number, eventsPerSpeaker: number): string {
  const speakers = `generate_series(${first}, ${last}) u`;
  return `
insert into users (id, username, email, password_hash, email_verified_at)
select ${userId("u")}, 'bench_' || u, 'bench_' || u || '@bench.example', 'no-login', now() from ${speakers};

${words}
insert into clients (id, user_id, name, company, email, phone)
select ${clientId("u", "c")}, ${userId("u")},
  companies[1 + (c + u) % 15] || ' ' || people[1 + c % 10] || ' ' || c,
  companies[1 + (c + u) % 15] || ' ' || (array['Industries','Group','Partners','Association'])[1 + c % 4],
  case when c % 5 = 0 then null else lower(people[1 + c % 10]) || c || '@' || lower(replace(companies[1 + (c + u) % 15], ' ', '')) || '.example' end,
  '+1 555 ' || lpad((c * 37 % 10000)::text, 4, '0')
from words, ${speakers}, generate_series(1, ${CLIENTS_PER_SPEAKER}) c;

insert into bureau_partners (id, user_id, name, contact_name, email)
select ${partnerId("u", "p")}, ${userId("u")}, 'Bureau ' || p || ' Speakers', 'Agent ' || p, 'agent' || p || '@bureau.example'
from ${speakers}, generate_series(1, ${PARTNERS_PER_SPEAKER}) p;

${words}
insert into events (user_id, client_id, bureau_partner_id, title, date, time, venue_name, street_address, city,
  state, zip_code, fee, travel_fee, status, description, source, attendees, contact_name, contact_email,
  created_at, updated_at)
select ${userId("u")},
  case when e % 10 = 0 then null else ${clientId("u", `(1 + (e * 7 + u) % ${CLIENTS_PER_SPEAKER})`)} end,
  case when e % 3 = 0 then ${partnerId("u", `(1 + e % ${PARTNERS_PER_SPEAKER})`)} end,
  topics[1 + (e * 13 + u) % 18] || ' ' || formats[1 + (e * 7 + u) % 10] || ' ' || extract(year from d),
  d,
  (8 + e % 10) || ':' || case when e % 2 = 0 then '00' else '30' end,
  venues[1 + (e + u) % 12] || ' ' || cities[1 + (e * 3 + u) % 20],
  case when e % 8 = 0 then null else (100 + e) || ' Main Street' end,
  cities[1 + (e * 3 + u) % 20], states[1 + (e * 3 + u) % 20], lpad(((e * 997 + u) % 99999)::text, 5, '0'),
  (10 + (e * 7919 + u) % 90) * 250 * 100, ((e * 31 + u) % 20) * 100 * 100,
  (case
    when d < current_date then (array['completed','completed','completed','completed','cancelled','confirmed'])[1 + e % 6]
    else (array['inquiry','hold','confirmed','confirmed','postponed'])[1 + e % 5]
  end)::event_status,
  'A ' || lower(formats[1 + (e * 7 + u) % 10]) || ' on ' || lower(topics[1 + (e * 13 + u) % 18]) || ' for the annual meeting.',
  (array['Referral','Website','Bureau','Repeat client','LinkedIn'])[1 + e % 5],
  50 + (e * 17 + u) % 2000,
  people[1 + (e + u) % 10] || ' Planner',
  case when e % 4 = 0 then null else 'planner' || e || '@events.example' end,
  now() - ((e % 400) || ' days')::interval, now() - ((e % 40) || ' days')::interval
from words, ${speakers}, generate_series(1, ${eventsPerSpeaker}) e,
  lateral (select date '2020-01-01' + ((e * 6 + u * 11) % 3287) as d) dates;`;
}

/** Seeds `speakers` speakers with their clients, bureau partners and events, then refreshes statistics. */
export async function seedBookOfBusiness(
  database: DatabaseHandle,
  speakers: number,
  eventsPerSpeaker = EVENTS_PER_SPEAKER,
): Promise<void> {
  for (let first = 1; first <= speakers; first += SPEAKERS_PER_BATCH) {
    const last = Math.min(speakers, first + SPEAKERS_PER_BATCH - 1);
    await database.runSql(seedBatchSql(first, last, eventsPerSpeaker));
  }
  await database.runSql(`
    insert into speaker_profiles (user_id, name, title, annual_goal)
    select ${userId("1")}, 'Bench Speaker', 'Keynote Speaker', 500000 * 100;
    analyze;`);
}

/** The speaker every measurement runs as. */
export const BENCH_SPEAKER = { username: "bench_1" };
