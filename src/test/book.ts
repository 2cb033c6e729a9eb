import type { FastifyInstance } from "fastify";
import type { Database } from "../server/platform/db/client.ts";
import type { CreateEventInput } from "../shared/schemas/events.ts";
import { createClient, type TestClient } from "./client.ts";
import { createUser, signIn } from "./factories.ts";

/** A new user and a client signed in as them. */
export async function createSignedInClient(app: FastifyInstance, db: Database) {
  const user = await createUser(db);
  const client = createClient(app);
  await signIn(client, db, user);
  return { user, client };
}

/**
 * Creates an event through the API (title and date filled in unless given) and returns its JSON. Setups book
 * anyway, so several talks on one day never meet the double-booking 409 (its tests call the API directly).
 */
export async function postEvent(client: TestClient, fields: Partial<CreateEventInput> = {}) {
  const response = await client.post("/api/events", {
    title: "Keynote",
    date: "2030-05-01",
    bookAnyway: true,
    ...fields,
  });
  if (response.statusCode !== 201)
    throw new Error(`POST /api/events: ${response.statusCode} ${response.body}`);
  return response.json();
}
