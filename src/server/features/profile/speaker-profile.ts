import { dollarsFromCents, dollarsToCents } from "../../../shared/money.ts";
import type { SpeakerProfile, SpeakerProfileUpdate } from "../../../shared/schemas/profile.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { findProfileRow, type ProfileValues, upsertProfileRow } from "./queries.ts";

type ProfileRow = NonNullable<Awaited<ReturnType<typeof findProfileRow>>>;

function toSpeakerProfile(row: ProfileRow | null): SpeakerProfile {
  return {
    name: row?.name ?? null,
    title: row?.title ?? null,
    businessName: row?.businessName ?? null,
    phone: row?.phone ?? null,
    email: row?.email ?? null,
    website: row?.website ?? null,
    address: row?.address ?? null,
    city: row?.city ?? null,
    state: row?.state ?? null,
    zipCode: row?.zipCode ?? null,
    bio: row?.bio ?? null,
    annualGoal: row?.annualGoal == null ? null : dollarsFromCents(row.annualGoal),
  };
}

/** The speaker's profile; before the first save every field is null. */
export async function getSpeakerProfile(db: Queryable, userId: string): Promise<SpeakerProfile> {
  return toSpeakerProfile(await findProfileRow(db, userId));
}

/** Saves the whole profile: a field left out of the input is stored as empty. */
export async function saveSpeakerProfile(
  db: Queryable,
  userId: string,
  input: SpeakerProfileUpdate,
): Promise<SpeakerProfile> {
  const values: ProfileValues = {
    name: input.name ?? null,
    title: input.title ?? null,
    businessName: input.businessName ?? null,
    phone: input.phone ?? null,
    email: input.email ?? null,
    website: input.website ?? null,
    address: input.address ?? null,
    city: input.city ?? null,
    state: input.state ?? null,
    zipCode: input.zipCode ?? null,
    bio: input.bio ?? null,
    annualGoal: input.annualGoal == null ? null : dollarsToCents(input.annualGoal),
  };
  return toSpeakerProfile(await upsertProfileRow(db, userId, values));
}
