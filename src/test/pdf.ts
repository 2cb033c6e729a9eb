import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/** The text of a PDF as poppler's pdftotext reads it (what a person could select and copy). */
export function pdfText(pdf: Buffer): string {
  return execFileSync("pdftotext", ["-", "-"], { input: pdf }).toString("utf8");
}

/** Page count and page size as poppler's pdfinfo reports them, e.g. `612 x 792 pts (letter)`. */
export function pdfInfo(pdf: Buffer): { pages: number; pageSize: string } {
  const info = execFileSync("pdfinfo", ["-"], { input: pdf }).toString("utf8");
  return {
    pages: Number(info.match(/^Pages:\s+(\d+)/m)?.[1]),
    pageSize: info.match(/^Page size:\s+(.+)$/m)?.[1]?.trim() ?? "",
  };
}

/**
 * A name in every script our speakers and their clients write: accented Latin, Polish, Cyrillic, Greek,
 * Chinese, Japanese (kanji, hiragana, katakana) and Korean.
 */
export const NAME_IN_EVERY_SCRIPT = "Ångström Łódź Дмитрий Ψυχή 東京会議 濵田さくら カタカナ 김민준 서울";

/** The PDF's text with every run of white space as one space, for text that may wrap anywhere. */
export function pdfFlatText(pdf: Buffer): string {
  return pdfText(pdf).replace(/\s+/g, " ");
}

/**
 * The words of a PDF that a reader could select but not see: pdftotext places each word, pdftoppm paints
 * the pages, and a word is counted as unseen when any character-wide slice of its box has no ink, as when a
 * font's glyph for a character is missing or empty.
 */
export function pdfUnseenWords(pdf: Buffer): string[] {
  const folder = mkdtempSync(path.join(tmpdir(), "pdf-ink-"));
  try {
    const scale = 2;
    execFileSync("pdftoppm", ["-r", String(72 * scale), "-gray", "-", path.join(folder, "page")], {
      input: pdf,
    });
    const pageFiles = readdirSync(folder).sort((a, b) => pageNumber(a) - pageNumber(b));
    const layout = execFileSync("pdftotext", ["-bbox", "-", "-"], { input: pdf }).toString("utf8");
    const unseen: string[] = [];
    layout
      .split("<page ")
      .slice(1)
      .forEach((pageLayout, index) => {
        const page = readGrayImage(readFileSync(path.join(folder, pageFiles[index]!)));
        for (const word of pageLayout.matchAll(
          /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
        )) {
          const [xMin, yMin, xMax, yMax] = word.slice(1, 5).map((value) => Number(value) * scale) as [
            number,
            number,
            number,
            number,
          ];
          const characters = [...word[5]!].length;
          const sliceWidth = (xMax - xMin) / characters;
          for (let slice = 0; slice < characters; slice++) {
            const from = Math.floor(xMin + slice * sliceWidth);
            const to = Math.ceil(xMin + (slice + 1) * sliceWidth);
            if (!page.hasInk(from, Math.floor(yMin), to, Math.ceil(yMax))) {
              unseen.push(word[5]!);
              break;
            }
          }
        }
      });
    return unseen;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const pageNumber = (file: string) => Number(/(\d+)\.pgm$/.exec(file)?.[1]);

/** A binary PGM (P5) as pdftoppm writes it; ink is any pixel clearly darker than white. */
function readGrayImage(bytes: Buffer) {
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(bytes.subarray(0, 40).toString("latin1"))!;
  const [width, height] = [Number(header[1]), Number(header[2])];
  const pixels = bytes.subarray(header[0].length);
  return {
    hasInk(x0: number, y0: number, x1: number, y1: number) {
      for (let y = Math.max(0, y0); y < Math.min(height, y1); y++) {
        for (let x = Math.max(0, x0); x < Math.min(width, x1); x++) {
          if (pixels[y * width + x]! < 224) return true;
        }
      }
      return false;
    },
  };
}
