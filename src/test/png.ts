import { crc32, deflateSync } from "node:zlib";

/** A real PNG of `width` × `height` pixels in one colour band per row (so pdf-lib and browsers can draw it). */
export function makePng(width = 8, height = 8): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) row.set([40 + (y * 180) / height, 90, 160], 1 + x * 3);
    rows.push(row);
  }
  // 8 bits per sample, truecolour.
  return pngOf(width, height, [8, 2], Buffer.concat(rows));
}

/**
 * A black PNG of `width` × `height` pixels at one bit per pixel: 8000 × 8000 compresses to about 10 KB, yet
 * decodes to 256 MB of pixels (the shape of a decompression bomb).
 */
export function makeBlankPng(width: number, height: number): Buffer {
  return pngOf(width, height, [1, 0], Buffer.alloc(height * (1 + Math.ceil(width / 8))));
}

function pngOf(width: number, height: number, [bitDepth, colourType]: [number, number], pixels: Buffer) {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([bitDepth, colourType, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(pixels, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
