import type { PdfWriter } from "./pdf-writer.ts";

/**
 * A new document titled `title`. pdf-lib and fontkit, about a quarter of the server's code, load with the
 * first document a process renders rather than at start-up (decision 011).
 */
export async function createPdfWriter(title: string): Promise<PdfWriter> {
  const { PdfWriter } = await import("./pdf-writer.ts");
  return PdfWriter.create(title);
}
