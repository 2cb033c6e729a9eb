import { and, eq } from "drizzle-orm";
import { milesToHundredths } from "../../../shared/mileage.ts";
import type { CreateMileageInput, UpdateMileageInput } from "../../../shared/schemas/expenses.ts";
import type { Database } from "../../platform/db/client.ts";
import { columns } from "../../platform/db/columns.ts";
import { mileageTrips } from "../../platform/db/schema.ts";
import { isUuid } from "../../platform/http/ids.ts";
import { assertOwnEvent } from "./linked-records.ts";
import { tripNotFound } from "./mileage-queries.ts";

function tripValues(input: UpdateMileageInput) {
  return {
    ...(input.date !== undefined && { date: input.date }),
    ...(input.from !== undefined && { fromPlace: input.from }),
    ...(input.to !== undefined && { toPlace: input.to }),
    ...(input.purpose !== undefined && { purpose: input.purpose }),
    ...(input.miles !== undefined && { milesHundredths: milesToHundredths(input.miles) }),
    ...(input.eventId !== undefined && { eventId: input.eventId }),
    ...(input.roundTrip !== undefined && { roundTrip: input.roundTrip }),
  };
}

/** `POST /api/mileage`. */
export async function createTrip(db: Database, userId: string, input: CreateMileageInput) {
  return db.transaction(async (tx) => {
    await assertOwnEvent(tx, userId, input.eventId);
    const [row] = await tx
      .insert(mileageTrips)
      .values(
        columns(mileageTrips, {
          userId,
          date: input.date,
          fromPlace: input.from,
          toPlace: input.to,
          purpose: input.purpose,
          milesHundredths: milesToHundredths(input.miles),
          ...tripValues(input),
        }),
      )
      .returning({ id: mileageTrips.id });
    return row!.id;
  });
}

export async function updateTrip(db: Database, userId: string, id: string, input: UpdateMileageInput) {
  if (!isUuid(id)) throw tripNotFound();
  await db.transaction(async (tx) => {
    await assertOwnEvent(tx, userId, input.eventId);
    const [row] = await tx
      .update(mileageTrips)
      .set(columns(mileageTrips, { ...tripValues(input), updatedAt: new Date() }))
      .where(and(eq(mileageTrips.userId, userId), eq(mileageTrips.id, id)))
      .returning({ id: mileageTrips.id });
    if (!row) throw tripNotFound();
  });
}

export async function deleteTrip(db: Database, userId: string, id: string) {
  if (!isUuid(id)) throw tripNotFound();
  const [row] = await db
    .delete(mileageTrips)
    .where(and(eq(mileageTrips.userId, userId), eq(mileageTrips.id, id)))
    .returning({ id: mileageTrips.id });
  if (!row) throw tripNotFound();
}
