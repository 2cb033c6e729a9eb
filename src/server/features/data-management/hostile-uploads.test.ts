import { deflateRawSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { EVENT_COLUMNS } from "../../../shared/workbook.ts";
import { createTestApp } from "../../../test/app.ts";
import { createClient } from "../../../test/client.ts";
import { createUser, signIn } from "../../../test/factories.ts";
import { dumpTables } from "../../../test/seed-book.ts";
import { buildXlsx, replaceParts, sheetXml, uploadWorkbook } from "../../../test/workbooks.ts";
import { uploadMessages } from "./inspect-upload.ts";

/** Issue 10, items 1, 2 and 5: uploads built to stall or crash the server are answered at once. */

const { app, db } = await createTestApp();
const user = await createUser(db);
const client = createClient(app);
await signIn(client, db, user);

const headers = EVENT_COLUMNS.map((column) => column.header);
const validWorkbook = () => buildXlsx([{ name: "Events", rows: [headers, ["Keynote", "2026-03-14"]] }]);

async function expectRefusal(file: Buffer, status: number, error: string) {
  const before = await dumpTables(db);
  for (const dryRun of [true, false]) {
    const response = await uploadWorkbook(client, file, { dryRun });
    expect(response.json()).toEqual({ error });
    expect(response.statusCode).toBe(status);
  }
  expect(await dumpTables(db)).toEqual(before);
}

type RawEntry = { name: string; data: Buffer };

/**
 * A zip written byte by byte. `pointAt` lets a central-directory entry name another entry's local header,
 * as a crafted file does; every other entry points at its own.
 */
function buildZip(entries: RawEntry[], directory: { name: string; pointAt: number }[]): Buffer {
  const locals: Buffer[] = [];
  const offsets: number[] = [];
  const packedOf: { packed: Buffer; size: number; crc: number }[] = [];
  let offset = 0;
  for (const entry of entries) {
    const packed = deflateRawSync(entry.data);
    const name = Buffer.from(entry.name);
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(8, 8);
    header.writeUInt32LE(0, 14);
    header.writeUInt32LE(packed.length, 18);
    header.writeUInt32LE(entry.data.length, 22);
    header.writeUInt16LE(name.length, 26);
    offsets.push(offset);
    packedOf.push({ packed, size: entry.data.length, crc: 0 });
    locals.push(header, name, packed);
    offset += 30 + name.length + packed.length;
  }
  const central: Buffer[] = [];
  for (const item of directory) {
    const target = packedOf[item.pointAt]!;
    const name = Buffer.from(item.name);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(8, 10);
    header.writeUInt32LE(target.packed.length, 20);
    header.writeUInt32LE(target.size, 24);
    header.writeUInt16LE(name.length, 28);
    header.writeUInt32LE(offsets[item.pointAt]!, 42);
    central.push(header, name);
  }
  const centralBytes = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(directory.length, 8);
  end.writeUInt16LE(directory.length, 10);
  end.writeUInt32LE(centralBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, centralBytes, end]);
}

const workbookXml = `<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheets/></workbook>`;

describe("hostile workbooks", () => {
  it("answers a 10 KB sheet of 208,000 unclosed rows at once, as a damaged workbook", async () => {
    const hostile = await replaceParts(await validWorkbook(), {
      "xl/worksheets/sheet1.xml": `<worksheet><sheetData>${"<row>".repeat(208_000)}`,
    });
    expect(hostile.length).toBeLessThan(20_000);
    await expectRefusal(hostile, 400, uploadMessages.damaged);
    const health = await app.inject({ method: "GET", url: "/api/health" });
    expect(health.statusCode).toBe(200);
  });

  it("refuses a zip whose directory points 99 entries at one local header", async () => {
    const zeros = Buffer.alloc(1024 * 1024);
    const file = buildZip(
      [
        { name: "xl/workbook.xml", data: Buffer.from(workbookXml) },
        { name: "xl/media/0.bin", data: zeros },
      ],
      [
        { name: "xl/workbook.xml", pointAt: 0 },
        ...Array.from({ length: 99 }, (_, i) => ({ name: `xl/media/${i}.bin`, pointAt: 1 })),
      ],
    );
    expect(file.length).toBeLessThan(16 * 1024);
    await expectRefusal(file, 400, uploadMessages.zipBomb);
  });

  it("refuses local headers out of order, and counts the bytes really inflated against the ratio", async () => {
    const twoParts = [
      { name: "xl/workbook.xml", data: Buffer.from(workbookXml) },
      { name: "xl/styles.xml", data: Buffer.from("<styleSheet/>") },
    ];
    const reversed = buildZip(twoParts, [
      { name: "xl/styles.xml", pointAt: 1 },
      { name: "xl/workbook.xml", pointAt: 0 },
    ]);
    await expectRefusal(reversed, 400, uploadMessages.zipBomb);

    // 60 honest parts of 1 MiB of zeros: none is over the per-part ratio, but together they unpack to
    // thousands of times the file's size.
    const parts = Array.from({ length: 60 }, (_, i) => ({
      name: `xl/media/${i}.bin`,
      data: Buffer.alloc(1024 * 1024),
    }));
    const entries = [{ name: "xl/workbook.xml", data: Buffer.from(workbookXml) }, ...parts];
    const filler = buildZip(
      entries,
      entries.map((entry, index) => ({ name: entry.name, pointAt: index })),
    );
    await expectRefusal(filler, 400, uploadMessages.zipBomb);
  });
});

describe("cells no spreadsheet program writes", () => {
  const withEventsSheet = async (sheetData: string, strings?: string) =>
    replaceParts(await validWorkbook(), {
      "xl/worksheets/sheet1.xml": sheetXml(sheetData),
      ...(strings ? { "xl/sharedStrings.xml": strings } : {}),
    });
  const headerRow = `<row r="1">${headers.map((header) => `<c t="inlineStr"><is><t>${header.replace("&", "&amp;")}</t></is></c>`).join("")}</row>`;

  it("refuses a shared string or a cell with a character reference XML does not allow", async () => {
    const sst = `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>&#x110000;</t></si></sst>`;
    await expectRefusal(await withEventsSheet(headerRow, sst), 400, uploadMessages.damaged);
    const nul = `${headerRow}<row r="2"><c t="inlineStr"><is><t>Talk&#0;</t></is></c></row>`;
    await expectRefusal(await withEventsSheet(nul), 400, uploadMessages.damaged);
  });

  it("reports date cells holding garbage or day counts no calendar has as row problems", async () => {
    const dateCells = ["garbage", "1e300", "-1e10"]
      .map(
        (value, i) =>
          `<row r="${i + 2}"><c t="inlineStr"><is><t>Talk ${i}</t></is></c><c s="1"><v>${value}</v></c></row>`,
      )
      .join("");
    const response = await uploadWorkbook(client, await withEventsSheet(headerRow + dateCells), {
      dryRun: true,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual([
      { sheet: "Events", row: 2, column: "Date*", message: "Date* is not a date: 'garbage'" },
      { sheet: "Events", row: 3, column: "Date*", message: "Date* is not a date: '1e+300'" },
      { sheet: "Events", row: 4, column: "Date*", message: "Date* is not a date: '-10000000000'" },
    ]);
  });

  it("imports text holding Excel's _x0000_ escape without the NUL, which PostgreSQL cannot store", async () => {
    const row = `<row r="2"><c t="inlineStr"><is><t>Key_x0000_note</t></is></c><c t="inlineStr"><is><t>2026-03-14</t></is></c></row>`;
    const response = await uploadWorkbook(client, await withEventsSheet(headerRow + row));
    expect(response.statusCode).toBe(200);
    const events = (await client.get("/api/events")).json().items;
    expect(events.map((event: { title: string }) => event.title)).toEqual(["Keynote"]);
  });
});
