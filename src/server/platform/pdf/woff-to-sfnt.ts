import { inflateSync } from "node:zlib";

const WOFF_HEADER = 44;
const WOFF_ENTRY = 20;
const SFNT_HEADER = 12;
const SFNT_ENTRY = 16;

/**
 * A WOFF 1.0 font (W3C, 2012) as the plain TrueType/OpenType file it wraps: each table inflated with
 * Node's zlib. fontkit reads WOFF itself, but inflates the glyph table again, in JavaScript, for every
 * glyph a subset takes (about a second for a page of Chinese), and cannot subset WOFF2 at all (its glyphs
 * come out empty). Only for the font files we ship, not for uploads.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString("latin1", 0, 4) !== "wOFF") throw new Error("Not a WOFF 1.0 font");
  const flavor = woff.readUInt32BE(4);
  const tableCount = woff.readUInt16BE(12);
  const tables = Array.from({ length: tableCount }, (_, index) => {
    const entry = WOFF_HEADER + index * WOFF_ENTRY;
    const offset = woff.readUInt32BE(entry + 4);
    const stored = woff.subarray(offset, offset + woff.readUInt32BE(entry + 8));
    const length = woff.readUInt32BE(entry + 12);
    return {
      tag: woff.readUInt32BE(entry),
      checksum: woff.readUInt32BE(entry + 16),
      data: stored.length < length ? inflateSync(stored) : stored,
    };
  });

  const padded = (length: number) => (length + 3) & ~3;
  let offset = SFNT_HEADER + tableCount * SFNT_ENTRY;
  const sfnt = Buffer.alloc(tables.reduce((size, table) => size + padded(table.data.length), offset));
  const power = 2 ** Math.floor(Math.log2(tableCount));
  sfnt.writeUInt32BE(flavor, 0);
  sfnt.writeUInt16BE(tableCount, 4);
  sfnt.writeUInt16BE(power * 16, 6);
  sfnt.writeUInt16BE(Math.log2(power), 8);
  sfnt.writeUInt16BE(tableCount * 16 - power * 16, 10);
  tables.forEach((table, index) => {
    const entry = SFNT_HEADER + index * SFNT_ENTRY;
    sfnt.writeUInt32BE(table.tag, entry);
    sfnt.writeUInt32BE(table.checksum, entry + 4);
    sfnt.writeUInt32BE(offset, entry + 8);
    sfnt.writeUInt32BE(table.data.length, entry + 12);
    table.data.copy(sfnt, offset);
    offset += padded(table.data.length);
  });
  return sfnt;
}
