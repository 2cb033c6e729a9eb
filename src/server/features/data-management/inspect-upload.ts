import { promisify } from "node:util";
import { inflateRaw } from "node:zlib";
import { AppError } from "../../platform/http/errors.ts";
import type { XlsxParts } from "./xlsx-xml.ts";

/** Everything inside an uploaded workbook together may unpack to at most this much. */
const MAX_UNPACKED_BYTES = 100 * 1024 * 1024;
/** A part this much larger than its packed size is filler, not spreadsheet data. */
const MAX_PART_RATIO = 200;
const RATIO_CHECK_FROM_BYTES = 1024 * 1024;
/** A workbook has a few dozen parts; thousands of entries only multiply the work of checking them. */
const MAX_ENTRIES = 1000;
const LOCAL_HEADER_BYTES = 30;

const inflate = promisify(inflateRaw);

const OLE_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP_LOCAL_SIGNATURE = 0x04034b50;
const ZIP_CENTRAL_SIGNATURE = 0x02014b50;
const ZIP_END_SIGNATURE = 0x06054b50;
const ZIP64_MARKER = 0xffffffff;

export const uploadMessages = {
  notXlsx: "The file is not an Excel workbook (.xlsx). Save it as an Excel Workbook and try again.",
  oldXls: "The file is an Excel 97-2003 workbook (.xls). Save it as an Excel Workbook (.xlsx) and try again.",
  encrypted:
    "The workbook is password-protected. Remove the password in your spreadsheet program, save it, and try again.",
  zipBomb: "The file unpacks to far more data than a workbook of its size can hold, so it was refused.",
  damaged:
    "The workbook is damaged and cannot be read. Open it in your spreadsheet program and save it again.",
};

type ZipEntry = {
  nameBytes: Buffer;
  name: string;
  method: number;
  isEncrypted: boolean;
  packedSize: number;
  unpackedSize: number;
  localHeaderOffset: number;
};

/**
 * Unpacks an uploaded workbook's parts, refusing first a file that is not an xlsx, is password-protected, or is a
 * zip bomb: the declared sizes in the zip's central directory are checked, every entry must have a local
 * header of its own, in file order, that no other entry overlaps (so one packed part cannot be unpacked
 * many times over), and then every part is inflated off the event loop with its declared size as a hard
 * cap, the bytes really inflated counting against the limits as they come.
 */
export async function inspectWorkbookFile(file: Buffer): Promise<XlsxParts> {
  if (file.subarray(0, OLE_SIGNATURE.length).equals(OLE_SIGNATURE)) {
    // Excel saves an encrypted xlsx inside an OLE compound file with an "EncryptionInfo" stream.
    if (file.includes(Buffer.from("EncryptionInfo", "utf16le"))) {
      throw new AppError("BAD_REQUEST", uploadMessages.encrypted);
    }
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", uploadMessages.oldXls);
  }
  if (file.length < 4 || file.readUInt32LE(0) !== ZIP_LOCAL_SIGNATURE) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", uploadMessages.notXlsx);
  }
  const { entries, directoryOffset } = readCentralDirectory(file);
  if (!entries.some((entry) => entry.name === "xl/workbook.xml")) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", uploadMessages.notXlsx);
  }
  if (entries.some((entry) => entry.isEncrypted)) throw new AppError("BAD_REQUEST", uploadMessages.encrypted);
  const total = entries.reduce((sum, entry) => sum + entry.unpackedSize, 0);
  const isAbsurd = (entry: ZipEntry) =>
    entry.unpackedSize > RATIO_CHECK_FROM_BYTES && entry.unpackedSize > entry.packedSize * MAX_PART_RATIO;
  if (total > MAX_UNPACKED_BYTES || entries.some(isAbsurd)) {
    throw new AppError("BAD_REQUEST", uploadMessages.zipBomb);
  }
  refuseOverlappingEntries(file, entries, directoryOffset);
  const parts: XlsxParts = new Map();
  let inflated = 0;
  for (const entry of entries) {
    const content = await unpackEntry(file, entry);
    inflated += content.length;
    if (
      inflated > MAX_UNPACKED_BYTES ||
      inflated > Math.max(RATIO_CHECK_FROM_BYTES, file.length * MAX_PART_RATIO)
    ) {
      throw new AppError("BAD_REQUEST", uploadMessages.zipBomb);
    }
    // Only the XML parts are read; pictures and the like were unpacked just to check their sizes.
    if (/\.(xml|rels)$/i.test(entry.name)) parts.set(entry.name, content);
  }
  return parts;
}

function readCentralDirectory(file: Buffer): { entries: ZipEntry[]; directoryOffset: number } {
  const end = findEndOfCentralDirectory(file);
  const count = file.readUInt16LE(end + 10);
  const directoryOffset = file.readUInt32LE(end + 16);
  let offset = directoryOffset;
  // A workbook under 10 MB never needs ZIP64; the markers here mean a crafted file.
  if (offset === ZIP64_MARKER || count === 0xffff || count > MAX_ENTRIES) {
    throw new AppError("BAD_REQUEST", uploadMessages.zipBomb);
  }
  const entries: ZipEntry[] = [];
  for (let index = 0; index < count; index++) {
    if (offset + 46 > file.length || file.readUInt32LE(offset) !== ZIP_CENTRAL_SIGNATURE) {
      throw new AppError("BAD_REQUEST", uploadMessages.damaged);
    }
    const nameLength = file.readUInt16LE(offset + 28);
    const entry: ZipEntry = {
      isEncrypted: (file.readUInt16LE(offset + 8) & 1) === 1,
      method: file.readUInt16LE(offset + 10),
      packedSize: file.readUInt32LE(offset + 20),
      unpackedSize: file.readUInt32LE(offset + 24),
      localHeaderOffset: file.readUInt32LE(offset + 42),
      name: file.toString("utf8", offset + 46, offset + 46 + nameLength),
      nameBytes: file.subarray(offset + 46, offset + 46 + nameLength),
    };
    if (entry.packedSize === ZIP64_MARKER || entry.unpackedSize === ZIP64_MARKER) {
      throw new AppError("BAD_REQUEST", uploadMessages.zipBomb);
    }
    entries.push(entry);
    offset += 46 + nameLength + file.readUInt16LE(offset + 30) + file.readUInt16LE(offset + 32);
  }
  return { entries, directoryOffset };
}

/**
 * Each entry's local header must come after the previous entry's data and name the same part, and the
 * last entry's data must end before the central directory: a zip whose directory points several entries
 * at one local header (or into another entry's data) is refused, however small its declared sizes.
 */
function refuseOverlappingEntries(file: Buffer, entries: ZipEntry[], directoryOffset: number): void {
  let nextFree = 0;
  for (const entry of entries) {
    const header = entry.localHeaderOffset;
    if (header < nextFree || header + LOCAL_HEADER_BYTES > directoryOffset) {
      throw new AppError("BAD_REQUEST", uploadMessages.zipBomb);
    }
    if (file.readUInt32LE(header) !== ZIP_LOCAL_SIGNATURE)
      throw new AppError("BAD_REQUEST", uploadMessages.damaged);
    const nameLength = file.readUInt16LE(header + 26);
    const dataStart = header + LOCAL_HEADER_BYTES + nameLength + file.readUInt16LE(header + 28);
    const name = file.subarray(header + LOCAL_HEADER_BYTES, header + LOCAL_HEADER_BYTES + nameLength);
    if (!name.equals(entry.nameBytes)) throw new AppError("BAD_REQUEST", uploadMessages.damaged);
    nextFree = dataStart + entry.packedSize;
    if (nextFree > directoryOffset) throw new AppError("BAD_REQUEST", uploadMessages.zipBomb);
  }
}

function findEndOfCentralDirectory(file: Buffer): number {
  // The record is 22 bytes plus a comment of at most 65,535 bytes, at the very end of the file.
  const lowest = Math.max(0, file.length - 22 - 0xffff);
  for (let position = file.length - 22; position >= lowest; position--) {
    if (file.readUInt32LE(position) === ZIP_END_SIGNATURE) return position;
  }
  throw new AppError("UNSUPPORTED_MEDIA_TYPE", uploadMessages.notXlsx);
}

/** A part's content, inflated in the thread pool with its declared size as a hard cap. */
async function unpackEntry(file: Buffer, entry: ZipEntry): Promise<Buffer> {
  const header = entry.localHeaderOffset;
  if (header + 30 > file.length || file.readUInt32LE(header) !== ZIP_LOCAL_SIGNATURE) {
    throw new AppError("BAD_REQUEST", uploadMessages.damaged);
  }
  const start = header + 30 + file.readUInt16LE(header + 26) + file.readUInt16LE(header + 28);
  const packed = file.subarray(start, start + entry.packedSize);
  if (packed.length !== entry.packedSize) throw new AppError("BAD_REQUEST", uploadMessages.damaged);
  if (entry.method === 0) {
    if (entry.packedSize !== entry.unpackedSize) throw new AppError("BAD_REQUEST", uploadMessages.damaged);
    return packed;
  }
  if (entry.method !== 8) throw new AppError("BAD_REQUEST", uploadMessages.damaged);
  let unpacked: Buffer;
  try {
    // One byte over the declared size is enough to prove the declaration false.
    unpacked = await inflate(packed, { maxOutputLength: entry.unpackedSize + 1 });
  } catch (error) {
    const isOverCap = (error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE";
    throw new AppError("BAD_REQUEST", isOverCap ? uploadMessages.zipBomb : uploadMessages.damaged);
  }
  if (unpacked.length !== entry.unpackedSize) {
    throw new AppError(
      "BAD_REQUEST",
      unpacked.length > entry.unpackedSize ? uploadMessages.zipBomb : uploadMessages.damaged,
    );
  }
  return unpacked;
}
