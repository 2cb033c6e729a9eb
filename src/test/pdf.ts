import { execFileSync } from "node:child_process";

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
