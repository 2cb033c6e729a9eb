/**
 * A kind of document the PDF worker threads render: the name the server asks for it by, and the function
 * that renders it from plain data (structured-clonable: text, numbers, dates, bytes). The worker's entry
 * (src/server/pdf-worker.ts) lists every job.
 */
export type PdfJob<Input> = {
  readonly name: string;
  readonly render: (input: Input) => Promise<Uint8Array>;
};

/** What the server thread posts to a PDF worker, and what it answers. */
export type PdfJobRequest = { id: number; name: string; input: unknown };
export type PdfJobAnswer = { id: number; bytes: Uint8Array } | { id: number; error: string };
