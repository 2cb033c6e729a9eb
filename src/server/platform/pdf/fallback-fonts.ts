import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { woffToSfnt } from "./woff-to-sfnt.ts";

/**
 * The fonts for characters DejaVu Sans lacks, first one that has a character wins: Noto Sans SC (Chinese,
 * kana and most kanji), Noto Sans JP (the kanji of Japanese names that SC lacks, such as 濵) and Noto Sans KR
 * (hangul). Each @fontsource package is about a hundred small WOFF2 files per weight, each covering the
 * Unicode ranges its stylesheet names (WOFF, read as TrueType: see woff-to-sfnt.ts), so a document
 * embeds (subset) only the files its text needs. The
 * stylesheets claim some characters their files lack (hangul in SC's, say), so these are only candidates:
 * the writer asks each font for its glyph.
 */
const FAMILIES = ["@fontsource/noto-sans-sc", "@fontsource/noto-sans-jp", "@fontsource/noto-sans-kr"];

export type FontWeight = 400 | 700;

const require = createRequire(import.meta.url);
const filesDirectoryOf = (family: string) =>
  path.join(path.dirname(require.resolve(`${family}/400.css`)), "files");

/** For each code point, the regular-weight files that claim it (the bold files have the same ranges). */
let regularFilesByCodePoint: Map<number, string[]> | undefined;

function loadFilesByCodePoint() {
  const byCodePoint = new Map<number, string[]>();
  for (const family of FAMILIES) {
    const stylesheet = readFileSync(path.join(filesDirectoryOf(family), "..", "400.css"), "utf8");
    for (const face of stylesheet.matchAll(
      /url\(\.\/files\/([^)]+\.woff)\) format\('woff'\);\s*unicode-range:\s*([^;]+);/g,
    )) {
      const file = path.join(filesDirectoryOf(family), face[1]!);
      for (const range of face[2]!.split(",")) {
        const [from, to] = range.trim().slice(2).split("-");
        const last = Number.parseInt(to ?? from!, 16);
        for (let codePoint = Number.parseInt(from!, 16); codePoint <= last; codePoint++) {
          const files = byCodePoint.get(codePoint);
          if (files) files.push(file);
          else byCodePoint.set(codePoint, [file]);
        }
      }
    }
  }
  return byCodePoint;
}

/** The paths of the fallback font files of `weight` that claim `codePoint`, in the order to try them. */
export function fallbackFontFilesFor(codePoint: number, weight: FontWeight): string[] {
  regularFilesByCodePoint ??= loadFilesByCodePoint();
  const regular = regularFilesByCodePoint.get(codePoint) ?? [];
  return weight === 400
    ? regular
    : regular.map((file) => file.replace(/-400-normal\.woff$/, "-700-normal.woff"));
}

/**
 * The files read lately, as TrueType, newest last: the same bytes each time, so the parsed font that
 * fontkit keeps for them (pdf-writer.ts) serves the next document too. Bounded, as a few files serve most
 * documents and there are 700.
 */
const recentFiles = new Map<string, Buffer>();
const RECENT_FILES = 128;

/** The fallback font file at `path` as TrueType bytes. */
export function readFallbackFont(path: string): Buffer {
  let bytes = recentFiles.get(path);
  if (bytes) recentFiles.delete(path);
  else bytes = woffToSfnt(readFileSync(path));
  recentFiles.set(path, bytes);
  if (recentFiles.size > RECENT_FILES) recentFiles.delete(recentFiles.keys().next().value!);
  return bytes;
}
