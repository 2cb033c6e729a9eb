import { describe, expect, it } from "vitest";
import { EVENT_COLUMNS, IMPORT_MAX_BYTES } from "../../../shared/workbook.ts";
import { createTestApp } from "../../../test/app.ts";
import { createClient } from "../../../test/client.ts";
import { createUser, signIn } from "../../../test/factories.ts";
import { dumpTables } from "../../../test/seed-book.ts";
import { buildXlsx, multipartBody, uploadWorkbook } from "../../../test/workbooks.ts";
import { uploadMessages } from "./inspect-upload.ts";
import { missingEventsSheetMessage, tooManyRowsMessage } from "./parse-workbook.ts";
import { importMessages } from "./routes.ts";

const { app, db } = await createTestApp();

const user = await createUser(db);
const client = createClient(app);
await signIn(client, db, user);

const headers = EVENT_COLUMNS.map((column) => column.header);
const validWorkbook = () => buildXlsx([{ name: "Events", rows: [headers, ["Keynote", "2026-03-14"]] }]);

/** Uploads a file and checks the refusal: status, message, and that nothing was written. */
async function expectRefusal(file: Buffer, status: number, error: string) {
  const before = await dumpTables(db);
  for (const dryRun of [false, true]) {
    const response = await uploadWorkbook(client, file, { dryRun });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ error });
  }
  expect(await dumpTables(db)).toEqual(before);
}

/** Rewrites the declared unpacked size of every central-directory entry named `name`. */
function declareUnpackedSize(file: Buffer, name: string, size: number): Buffer {
  const copy = Buffer.from(file);
  for (let offset = copy.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])); offset >= 0; ) {
    const nameLength = copy.readUInt16LE(offset + 28);
    if (copy.toString("utf8", offset + 46, offset + 46 + nameLength) === name)
      copy.writeUInt32LE(size, offset + 24);
    offset = copy.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), offset + 46);
  }
  return copy;
}

describe("POST /api/import refuses unusable files and writes nothing", () => {
  it("accepts the valid workbook these cases start from", async () => {
    const response = await uploadWorkbook(client, await validWorkbook(), { dryRun: true });
    expect(response.statusCode).toBe(200);
  });

  it("refuses a file that is not an xlsx", async () => {
    await expectRefusal(Buffer.from("Event Name,Date\nKeynote,2026-03-14\n"), 415, uploadMessages.notXlsx);
  });

  it("refuses a zip that is not a workbook", async () => {
    const JSZip = (await import("jszip")).default;
    const zip = new JSZip().file("readme.txt", "hello");
    await expectRefusal(await zip.generateAsync({ type: "nodebuffer" }), 415, uploadMessages.notXlsx);
  });

  it("refuses an Excel 97-2003 file and a password-protected workbook", async () => {
    const ole = Buffer.concat([Buffer.from("d0cf11e0a1b11ae1", "hex"), Buffer.alloc(2048)]);
    await expectRefusal(ole, 415, uploadMessages.oldXls);
    const encrypted = Buffer.concat([ole, Buffer.from("EncryptionInfo", "utf16le"), Buffer.alloc(512)]);
    await expectRefusal(encrypted, 400, uploadMessages.encrypted);
  });

  it("refuses a damaged workbook", async () => {
    const file = await validWorkbook();
    await expectRefusal(file.subarray(0, file.length - 30), 415, uploadMessages.notXlsx);
    const corrupted = Buffer.from(file);
    corrupted.fill(0x55, 60, 400);
    await expectRefusal(corrupted, 400, uploadMessages.damaged);
  });

  it("refuses a zip bomb: absurd ratio, sizes over the limit, or sizes that lie", async () => {
    const JSZip = (await import("jszip")).default;
    const zip = new JSZip();
    for (const [name, content] of Object.entries((await JSZip.loadAsync(await validWorkbook())).files)) {
      if (!content.dir) zip.file(name, await content.async("nodebuffer"));
    }
    zip.file("xl/media/filler.bin", Buffer.alloc(5 * 1024 * 1024));
    const bomb = await zip.generateAsync({ type: "nodebuffer", compression: "DEFLATE" });
    await expectRefusal(bomb, 400, uploadMessages.zipBomb);

    const file = await validWorkbook();
    await expectRefusal(
      declareUnpackedSize(file, "xl/worksheets/sheet1.xml", 0x7fffffff),
      400,
      uploadMessages.zipBomb,
    );
    // The sheet unpacks to more than it declares: caught while unpacking, with the declared size as the cap.
    await expectRefusal(
      declareUnpackedSize(file, "xl/worksheets/sheet1.xml", 10),
      400,
      uploadMessages.zipBomb,
    );
  });

  it("refuses a workbook without an Events sheet", async () => {
    const file = await buildXlsx([{ name: "Clients", rows: [["Client*"], ["Acme"]] }]);
    await expectRefusal(file, 400, missingEventsSheetMessage);
  });

  it("refuses a file over 10 MB", async () => {
    await expectRefusal(Buffer.alloc(IMPORT_MAX_BYTES + 1, 1), 413, importMessages.tooLarge);
  });

  it("refuses a workbook of more than 50,000 rows, and checks one of exactly 50,000", async () => {
    const rows = Array.from({ length: 50_001 }, (_, i) => [`Talk ${i}`, "2026-03-14"]);
    const file = await buildXlsx([{ name: "Events", rows: [headers, ...rows] }], { store: true });
    await expectRefusal(file, 413, tooManyRowsMessage);
    const largest = await buildXlsx([{ name: "Events", rows: [headers, ...rows.slice(1)] }], { store: true });
    const dryRun = await uploadWorkbook(client, largest, { dryRun: true });
    expect(dryRun.statusCode).toBe(200);
    expect(dryRun.json().created.events).toBe(50_000);
  });

  it("asks for a file when none is sent, and for multipart when JSON is sent", async () => {
    const { body, headers: multipartHeaders } = multipartBody(await validWorkbook(), { field: "other" });
    const wrongField = await client.post("/api/import", body, { headers: multipartHeaders });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json()).toEqual({ error: importMessages.noFile });
    const empty = multipartBody(Buffer.alloc(0));
    const emptyFile = await client.post("/api/import", empty.body, { headers: empty.headers });
    expect(emptyFile.json()).toEqual({ error: importMessages.empty });
    const json = await client.post("/api/import", { file: "x" });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toEqual({ error: importMessages.notMultipart });
  });

  it("refuses a wrong dryRun value, anonymous callers and calls without the CSRF token", async () => {
    const { body, headers: multipartHeaders } = multipartBody(await validWorkbook());
    const badQuery = await client.post("/api/import?dryRun=maybe", body, { headers: multipartHeaders });
    expect(badQuery.statusCode).toBe(400);
    expect(badQuery.json().error).toBe("dryRun must be true or false");
    const anonymous = await createClient(app).post("/api/import", body, { headers: multipartHeaders });
    expect(anonymous.statusCode).toBe(401);
    const noCsrf = await client.post("/api/import", body, { headers: multipartHeaders, csrf: false });
    expect(noCsrf.statusCode).toBe(403);
  });
});
