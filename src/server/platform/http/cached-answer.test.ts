import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/app.ts";
import { createSignedInClient, postEvent } from "../../../test/book.ts";
import type { TestClient } from "../../../test/client.ts";
import { CachedAnswer } from "./cached-answer.ts";

// The wire side of every cached signed-in read (book-cache.ts): an ETag tied to what it answers, 304 to a
// matching If-None-Match, and bodies compressed as the client asks.

const { app, db } = await createTestApp();

const BROWSER = "gzip, deflate, br";

/** A speaker with a client, a bureau partner and enough events for the list to be worth compressing. */
async function speakerWithBook() {
  const { client } = await createSignedInClient(app, db);
  let event: { id: string; clientId: string; bureauPartnerId: string } | undefined;
  for (let index = 0; index < 6; index++) {
    event = await postEvent(client, {
      title: `Orbit Keynote ${index}`,
      date: `2030-05-0${index + 1}`,
      fee: 1000 + index,
      clientName: "Acme",
      bureauPartnerName: "Premier",
      description: "A keynote on the future of orbital logistics for the annual meeting of the association.",
    });
  }
  return { client, event: event! };
}

function cachedReads(event: { id: string; clientId: string; bureauPartnerId: string }) {
  return [
    "/api/events?limit=50",
    `/api/events/${event.id}`,
    "/api/dashboard",
    "/api/clients",
    `/api/clients/${event.clientId}`,
    "/api/bureau-partners",
    `/api/bureau-partners/${event.bureauPartnerId}`,
    "/api/search?q=orbit",
    "/api/invoices",
  ];
}

async function read(client: TestClient, url: string, headers: Record<string, string> = {}) {
  const response = await client.get(url, { headers });
  expect(response.statusCode, `${url}: ${response.body}`).toBeLessThan(400);
  return response;
}

describe("cached signed-in reads on the wire", () => {
  it("carry an ETag and answer 304 with no body while the book is unchanged", async () => {
    const { client, event } = await speakerWithBook();
    for (const url of cachedReads(event)) {
      const first = await read(client, url);
      expect(first.statusCode, url).toBe(200);
      const etag = first.headers.etag as string;
      expect(etag, url).toMatch(/^W\/".+"$/);
      expect(first.headers.vary, url).toMatch(/accept-encoding/i);

      const again = await read(client, url, { "if-none-match": etag });
      expect(again.statusCode, url).toBe(304);
      expect(again.body, url).toBe("");
      expect(again.headers.etag, url).toBe(etag);
      expect(again.headers.vary, url).toMatch(/accept-encoding/i);
      expect(again.headers["cache-control"], url).toBe("no-store");
      // A list of tags, one of them the answer's, and the tag without its weak prefix match too.
      const listed = await read(client, url, { "if-none-match": `W/"other", ${etag.slice(2)}` });
      expect(listed.statusCode, url).toBe(304);
    }
  });

  it("answers 200 with a new ETag after an edit, and the old tag no longer matches", async () => {
    const { client, event } = await speakerWithBook();
    const url = `/api/events/${event.id}`;
    const before = (await read(client, url)).headers.etag as string;
    const list = (await read(client, "/api/events?limit=50")).headers.etag as string;
    expect((await client.patch(url, { title: "Orbit Summit" })).statusCode).toBe(200);

    const after = await read(client, url, { "if-none-match": before });
    expect(after.statusCode).toBe(200);
    expect(after.json().title).toBe("Orbit Summit");
    expect(after.headers.etag).not.toBe(before);
    expect((await read(client, "/api/events?limit=50", { "if-none-match": list })).statusCode).toBe(200);
  });

  it("never matches another speaker's ETag, even for the same answer", async () => {
    const first = await createSignedInClient(app, db);
    const second = await createSignedInClient(app, db);
    const mine = await read(first.client, "/api/events");
    const theirs = await read(second.client, "/api/events", { "if-none-match": mine.headers.etag as string });
    expect(theirs.body).toBe(mine.body);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.headers.etag).not.toBe(mine.headers.etag);
  });

  it("compresses as Accept-Encoding prefers, and every body decodes to the same JSON", async () => {
    const { client, event } = await speakerWithBook();
    for (const url of ["/api/events?limit=50", `/api/clients/${event.clientId}`]) {
      const plain = await read(client, url);
      expect(plain.headers["content-encoding"], url).toBeUndefined();
      const text = plain.body;
      expect(Buffer.byteLength(text), url).toBeGreaterThan(1024);

      const br = await read(client, url, { "accept-encoding": BROWSER });
      expect(br.headers["content-encoding"], url).toBe("br");
      expect(brotliDecompressSync(br.rawPayload).toString(), url).toBe(text);
      expect(br.headers.etag, url).toBe(plain.headers.etag);
      // Made once, kept: the second browser read gets the same bytes.
      expect((await read(client, url, { "accept-encoding": BROWSER })).rawPayload).toEqual(br.rawPayload);

      const gzip = await read(client, url, { "accept-encoding": "gzip" });
      expect(gzip.headers["content-encoding"], url).toBe("gzip");
      expect(gunzipSync(gzip.rawPayload).toString(), url).toBe(text);

      const refused = await read(client, url, { "accept-encoding": "br;q=0, gzip;q=0.8" });
      expect(refused.headers["content-encoding"], url).toBe("gzip");
      const identity = await read(client, url, { "accept-encoding": "gzip;q=0.5, identity" });
      expect(identity.headers["content-encoding"], url).toBeUndefined();
      expect(identity.body, url).toBe(text);
    }
  });

  it("sends a short answer as it is", async () => {
    const { client } = await createSignedInClient(app, db);
    const empty = await read(client, "/api/events", { "accept-encoding": BROWSER });
    expect(empty.headers["content-encoding"]).toBeUndefined();
    expect(empty.json()).toEqual({ items: [], nextCursor: null });
  });
});

describe("CachedAnswer", () => {
  it("compresses once for concurrent first demands and keeps the body", async () => {
    const sizes: number[] = [];
    const answer = new CachedAnswer("key", JSON.stringify({ text: "a".repeat(5000) }), (bytes) => {
      sizes.push(bytes);
    });
    const [first, second] = await Promise.all([answer.body("br"), answer.body("br")]);
    expect(second).toBe(first);
    expect(answer.body("br")).toBe(first);
    expect(sizes).toEqual([first.length]);
    expect(brotliDecompressSync(first).toString()).toBe(answer.text);
  });
});
