import fs from "node:fs/promises";
import { fileTypeFromFile } from "file-type";
import { ALLOWED_FILE_TYPES, type AllowedFileType } from "../../../shared/schemas/files.ts";

/** How much of a file without magic numbers is read to decide whether it is plain text. */
const TEXT_SAMPLE_BYTES = 64 * 1024;
const MARKUP = /^\uFEFF?\s*<(?:\?xml|!doctype|html|svg|script|head|body|iframe)\b/i;

/**
 * The file's type from its bytes (magic numbers, and for DOCX/PPTX/XLSX the zip's parts), or null when it
 * is none of the allowed types. A file with no signature counts as plain text only when it is valid UTF-8
 * without control characters, so a binary of unknown kind is never accepted as text.
 */
export async function detectFileType(filePath: string): Promise<AllowedFileType | null> {
  const detected = await fileTypeFromFile(filePath);
  if (detected) return detected.mime in ALLOWED_FILE_TYPES ? (detected.mime as AllowedFileType) : null;
  return (await isPlainText(filePath)) ? "text/plain" : null;
}

async function isPlainText(filePath: string): Promise<boolean> {
  const handle = await fs.open(filePath, "r");
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(TEXT_SAMPLE_BYTES), 0, TEXT_SAMPLE_BYTES, 0);
    if (bytesRead === 0) return false;
    let sample = buffer.subarray(0, bytesRead);
    // A sample may end inside a multi-byte character: drop up to three trailing continuation bytes.
    if (bytesRead === TEXT_SAMPLE_BYTES) {
      let end = sample.length;
      while (end > sample.length - 4 && (sample[end - 1]! & 0xc0) === 0x80) end--;
      if (end > 0 && sample[end - 1]! >= 0xc0) end--;
      sample = sample.subarray(0, end);
    }
    const text = new TextDecoder("utf-8", { fatal: true }).decode(sample);
    // Tab, line feed, form feed and carriage return are text; other control characters are not. Markup
    // (HTML, SVG, XML) is not plain text either: it is refused rather than stored under another name.
    return !hasControlCharacters(text) && !MARKUP.test(text);
  } catch {
    return false;
  } finally {
    await handle.close();
  }
}

/** Control characters other than tab, line feed, form feed and carriage return. */
export function hasControlCharacters(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if ((code < 32 && code !== 9 && code !== 10 && code !== 12 && code !== 13) || code === 127) return true;
  }
  return false;
}
