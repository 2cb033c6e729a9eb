import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import fontkit from "@pdf-lib/fontkit";
import { PDFDocument, type PDFFont, type PDFImage, type PDFPage, rgb } from "pdf-lib";
import { isWithinImageLimits, readImageDimensions } from "../images/image-dimensions.ts";

/** US Letter in points. */
const PAGE = { width: 612, height: 792 };
const MARGIN = 54;
const INK = rgb(0.11, 0.11, 0.15);
const MUTED = rgb(0.35, 0.35, 0.42);

/** DejaVu Sans from the dejavu-fonts-ttf package: Latin, Greek, Cyrillic and more, embedded (subset). */
const fontDirectory = path.join(
  path.dirname(createRequire(import.meta.url).resolve("dejavu-fonts-ttf/package.json")),
  "ttf",
);
let fontFiles: { regular: Buffer; bold: Buffer } | undefined;
const loadFonts = () => {
  fontFiles ??= {
    regular: readFileSync(path.join(fontDirectory, "DejaVuSans.ttf")),
    bold: readFileSync(path.join(fontDirectory, "DejaVuSans-Bold.ttf")),
  };
  return fontFiles;
};

/**
 * Chinese (and the other Han, kana and CJK symbols DejaVu lacks) from Noto Sans SC in the
 * @fontsource/noto-sans-sc package: about a hundred small WOFF2 files, each covering the Unicode ranges its
 * stylesheet names; a document embeds (subset) only the files its text needs.
 */
const cjkDirectory = path.dirname(createRequire(import.meta.url).resolve("@fontsource/noto-sans-sc/400.css"));
let cjkFaces: { file: string; ranges: [number, number][] }[] | undefined;
const loadCjkFaces = () => {
  cjkFaces ??= [
    ...readFileSync(path.join(cjkDirectory, "400.css"), "utf8").matchAll(
      /url\(\.\/files\/([^)]+\.woff2)\)[^;]*;\s*unicode-range:\s*([^;]+);/g,
    ),
  ].map((match) => ({
    file: match[1]!,
    ranges: match[2]!.split(",").map((range) => {
      const [from, to] = range.trim().slice(2).split("-");
      return [Number.parseInt(from!, 16), Number.parseInt(to ?? from!, 16)] as [number, number];
    }),
  }));
  return cjkFaces;
};
const cjkFileFor = (codePoint: number) =>
  loadCjkFaces().find((face) => face.ranges.some(([from, to]) => codePoint >= from && codePoint <= to))?.file;

/**
 * fontkit with its parsed fonts kept: parsing DejaVu takes most of a one-page document's time, and the
 * parsed font is only read when pdf-lib makes each document's subset. Weakly: a fallback font file is read
 * per document, and its parsed font goes with it.
 */
const parsedFonts = new WeakMap<Uint8Array, ReturnType<typeof fontkit.create>>();
const cachingFontkit: typeof fontkit = {
  ...fontkit,
  create: (bytes: Uint8Array, postscriptName?: string) => {
    if (postscriptName) return fontkit.create(bytes, postscriptName);
    let font = parsedFonts.get(bytes);
    if (!font) {
      font = fontkit.create(bytes);
      parsedFonts.set(bytes, font);
    }
    return font;
  },
};

let dejaVuCharacters: Set<number> | undefined;

type TextOptions = {
  size?: number;
  bold?: boolean;
  muted?: boolean;
  gapAfter?: number;
  indent?: number;
  /** Points kept free at the right, e.g. beside an image. */
  reserveRight?: number;
};

/**
 * A small flowing-layout PDF writer on pdf-lib (DESIGN §9): US Letter pages, real selectable text in an
 * embedded Unicode font, wrapped paragraphs, headings and images, a new page when the current one is full.
 * Shared by every document the app renders (one-sheet, invoices, contracts).
 */
export class PdfWriter {
  private page!: PDFPage;
  private y = 0;
  /** Fonts for characters the main font lacks, by code point (see `coverText`). */
  private readonly fallbackByCodePoint = new Map<number, PDFFont>();
  private readonly fallbackByFile = new Map<string, PDFFont>();

  readonly document: PDFDocument;
  private readonly regular: PDFFont;
  private readonly bold: PDFFont;

  private constructor(document: PDFDocument, regular: PDFFont, bold: PDFFont) {
    this.document = document;
    this.regular = regular;
    this.bold = bold;
    this.addPage();
  }

  static async create(title: string): Promise<PdfWriter> {
    const document = await PDFDocument.create();
    document.registerFontkit(cachingFontkit);
    document.setTitle(title);
    document.setProducer("Podium");
    const fonts = loadFonts();
    const regular = await document.embedFont(fonts.regular, { subset: true });
    const bold = await document.embedFont(fonts.bold, { subset: true });
    return new PdfWriter(document, regular, bold);
  }

  get contentWidth() {
    return PAGE.width - 2 * MARGIN;
  }

  get pageCount() {
    return this.document.getPageCount();
  }

  addPage() {
    this.page = this.document.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - MARGIN;
  }

  /**
   * Embeds the fallback fonts that `text` needs (names in Chinese, say); call it before writing text that
   * may hold characters outside DejaVu Sans. Characters no font has are drawn as DejaVu's blank box.
   */
  async coverText(text: string) {
    dejaVuCharacters ??= new Set(this.regular.getCharacterSet());
    for (const character of new Set(text)) {
      const codePoint = character.codePointAt(0)!;
      if (dejaVuCharacters.has(codePoint) || this.fallbackByCodePoint.has(codePoint)) continue;
      const file = cjkFileFor(codePoint);
      if (!file) continue;
      let font = this.fallbackByFile.get(file);
      if (!font) {
        font = await this.document.embedFont(readFileSync(path.join(cjkDirectory, "files", file)), {
          subset: true,
        });
        this.fallbackByFile.set(file, font);
      }
      this.fallbackByCodePoint.set(codePoint, font);
    }
  }

  /** The line cut into runs of one font each: the main font, or a fallback for characters it lacks. */
  private runsOf(line: string, font: PDFFont) {
    const runs: { text: string; font: PDFFont }[] = [];
    for (const character of line) {
      const runFont = this.fallbackByCodePoint.get(character.codePointAt(0)!) ?? font;
      const last = runs.at(-1);
      if (last?.font === runFont) last.text += character;
      else runs.push({ text: character, font: runFont });
    }
    return runs;
  }

  private widthOf(line: string, font: PDFFont, size: number) {
    if (this.fallbackByCodePoint.size === 0) return font.widthOfTextAtSize(line, size);
    return this.runsOf(line, font).reduce(
      (width, run) => width + run.font.widthOfTextAtSize(run.text, size),
      0,
    );
  }

  /** Starts a new page unless `height` points still fit on this one. */
  ensureSpace(height: number) {
    if (this.y - height < MARGIN) this.addPage();
  }

  heading(text: string, level: 1 | 2 = 2) {
    const size = level === 1 ? 22 : 13;
    this.ensureSpace(size * 3);
    if (level === 2) this.y -= 6;
    this.text(text, { size, bold: true, gapAfter: level === 1 ? 4 : 2 });
  }

  /** A paragraph wrapped to the content width; line breaks in `text` are kept. */
  text(text: string, options: TextOptions = {}) {
    const size = options.size ?? 10.5;
    const font = options.bold ? this.bold : this.regular;
    const indent = options.indent ?? 0;
    const lineHeight = size * 1.35;
    for (const line of this.wrap(
      text,
      font,
      size,
      this.contentWidth - indent - (options.reserveRight ?? 0),
    )) {
      this.ensureSpace(lineHeight);
      this.y -= lineHeight;
      let x = MARGIN + indent;
      for (const run of this.fallbackByCodePoint.size ? this.runsOf(line, font) : [{ text: line, font }]) {
        this.page.drawText(run.text, {
          x,
          y: this.y + (lineHeight - size) / 2,
          size,
          font: run.font,
          color: options.muted ? MUTED : INK,
        });
        x += run.font.widthOfTextAtSize(run.text, size);
      }
    }
    this.y -= options.gapAfter ?? 4;
  }

  /**
   * An image (PNG or JPEG bytes) to draw; null for other types, and for an image whose header is unreadable
   * or over IMAGE_LIMITS (one stored before uploads were checked), which pdf-lib would take seconds to decode.
   */
  async embedImage(bytes: Uint8Array, contentType: string): Promise<PDFImage | null> {
    const dimensions = readImageDimensions(bytes);
    if (!dimensions || !isWithinImageLimits(dimensions)) return null;
    if (contentType === "image/png") return this.document.embedPng(bytes);
    if (contentType === "image/jpeg") return this.document.embedJpg(bytes);
    return null;
  }

  /** Draws an image at the right edge of the content, top-aligned with the cursor; the cursor stays. */
  imageAtRight(image: PDFImage, width: number) {
    const height = (image.height / image.width) * width;
    this.page.drawImage(image, { x: PAGE.width - MARGIN - width, y: this.y - height, width, height });
    return height;
  }

  /** An image at the left margin below the cursor, fitted into `width` × `maxHeight`; the cursor moves below it. */
  imageBlock(image: PDFImage, width: number, maxHeight: number) {
    const scale = Math.min(width / image.width, maxHeight / image.height);
    const size = { width: image.width * scale, height: image.height * scale };
    this.ensureSpace(size.height + 4);
    this.page.drawImage(image, { x: MARGIN, y: this.y - size.height, ...size });
    this.y -= size.height + 4;
  }

  /** A thin rule across the content width, e.g. a signature line. */
  rule(width = this.contentWidth) {
    this.ensureSpace(6);
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: MARGIN + width, y: this.y },
      thickness: 0.6,
      color: MUTED,
    });
    this.y -= 6;
  }

  /**
   * One row of a table: each cell starts at `x` (points from the left margin) and is `width` wide, aligned
   * left or right; a cell that does not fit wraps, and the row is as tall as its tallest cell.
   */
  row(
    cells: { text: string; x: number; width: number; align?: "left" | "right" }[],
    options: TextOptions = {},
  ) {
    const size = options.size ?? 10.5;
    const font = options.bold ? this.bold : this.regular;
    const lineHeight = size * 1.35;
    const wrapped = cells.map((cell) => this.wrap(cell.text, font, size, cell.width));
    const height = Math.max(...wrapped.map((lines) => lines.length)) * lineHeight;
    this.ensureSpace(height);
    wrapped.forEach((lines, index) => {
      const cell = cells[index]!;
      lines.forEach((line, lineIndex) => {
        const offset = cell.align === "right" ? cell.width - font.widthOfTextAtSize(line, size) : 0;
        this.page.drawText(line, {
          x: MARGIN + cell.x + offset,
          y: this.y - (lineIndex + 1) * lineHeight + (lineHeight - size) / 2,
          size,
          font,
          color: options.muted ? MUTED : INK,
        });
      });
    });
    this.y -= height + (options.gapAfter ?? 2);
  }

  /** A large faint word across the middle of the first page (e.g. PAID, VOID), drawn as real text. */
  stamp(word: string, color: "green" | "red") {
    const page = this.document.getPage(0);
    const size = 96;
    page.drawText(word, {
      x: PAGE.width / 2 - this.bold.widthOfTextAtSize(word, size) / 2,
      y: PAGE.height / 2 - size / 2,
      size,
      font: this.bold,
      color: color === "green" ? rgb(0.1, 0.55, 0.3) : rgb(0.75, 0.1, 0.1),
      opacity: 0.25,
    });
  }

  space(points: number) {
    this.y -= points;
  }

  /** The cursor's height on the page, to line things up (e.g. move below an image). */
  get cursor() {
    return this.y;
  }

  moveTo(y: number) {
    this.y = Math.min(this.y, y);
  }

  async save(): Promise<Uint8Array> {
    return this.document.save();
  }

  /**
   * Lines that fit `width`. A line's width is the sum of its words' widths (each measured once, at this
   * size) and its spaces': measuring every growing candidate line through the font's layout would cost
   * time in the square of the paragraph's length.
   */
  private wrap(text: string, font: PDFFont, size: number, width: number): string[] {
    const lines: string[] = [];
    const measured = new Map<string, number>();
    const wordWidth = (word: string) => {
      let value = measured.get(word);
      if (value === undefined) {
        value = this.widthOf(word, font, size);
        measured.set(word, value);
      }
      return value;
    };
    const space = wordWidth(" ");
    for (const paragraph of text.split(/\r?\n/)) {
      let line = "";
      let lineWidth = 0;
      for (const word of paragraph.split(/\s+/).filter(Boolean)) {
        const added = (line ? space : 0) + wordWidth(word);
        if (lineWidth + added <= width || !line) {
          line = line ? `${line} ${word}` : word;
          lineWidth += added;
        } else {
          lines.push(line);
          line = word;
          lineWidth = wordWidth(word);
        }
      }
      lines.push(line);
    }
    return lines;
  }
}
