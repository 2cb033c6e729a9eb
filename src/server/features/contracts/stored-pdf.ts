import { createHash, randomUUID } from "node:crypto";
import { isDeepStrictEqual } from "node:util";
import type { Transaction } from "../../platform/db/client.ts";
import { AppError } from "../../platform/http/errors.ts";
import { renderInWorker } from "../../platform/pdf/render-in-worker.ts";
import { sharedRendering } from "../../platform/pdf/render-once.ts";
import { type ContractContext, putBytes, sha256Hex } from "./context.ts";
import { type Agreement, type Certificate, contractPdfJob } from "./contract-pdf.ts";

/** Everything a contract's PDF shows (the seal is added when rendering: it signs, it is not shown). */
export type ContractShows = {
  agreement: Agreement;
  completion?: { certificate: Certificate; signingTime: Date };
};

/** A rendered PDF in storage, for the row that names it. */
export type StoredPdf = { key: string; bytes: Buffer; sha256: string };

type RenderedPdf = StoredPdf & { shows: ContractShows };

/**
 * One write of a contract, run in a transaction with the contract locked: either it stores no PDF
 * (`done`), or it names what its PDF shows and `store` finishes the write with that PDF in storage.
 */
export type ContractWrite<Result> =
  | { done: Result }
  | { shows: ContractShows; store: (pdf: StoredPdf) => Promise<Result> };

/** Renderings of one write before it gives up: each one is made again only when the contract changed meanwhile. */
const RENDERINGS = 3;
export const CHANGED_WHILE_RENDERING =
  "This contract changed while its PDF was being made, again and again; please try once more.";

class RenderingNeeded extends Error {
  readonly shows: ContractShows;
  constructor(shows: ContractShows) {
    super("The contract's PDF is rendered outside the transaction");
    this.shows = shows;
  }
}

/**
 * Runs `write` so that no transaction is open while its PDF renders (seconds with a large signature
 * image; PGlite has one connection, so every other request would wait). A first transaction finds what the
 * PDF shows and is rolled back; the PDF renders on a worker thread and is stored under a key of its own;
 * then `write` runs again and commits only if its PDF still shows exactly that. A change in between renders
 * again (at most RENDERINGS times, then 409). A PDF whose write did not commit is removed, so no row names
 * a missing file and no stored file lacks its row (a crash between storing and committing leaves at most an
 * unnamed file under the owner's prefix).
 */
export async function writeWithPdf<Result>(
  context: ContractContext,
  { userId, contractId, kind }: { userId: string; contractId: string; kind: "sent" | "final" },
  write: (tx: Transaction) => Promise<ContractWrite<Result>>,
): Promise<Result> {
  let rendered: RenderedPdf | null = null;
  let committed = false;
  try {
    for (let renderings = 0; ; renderings++) {
      const pdf: RenderedPdf | null = rendered;
      const outcome = await context.db
        .transaction(async (tx): Promise<{ done: Result }> => {
          const step = await write(tx);
          if ("done" in step) return step;
          if (pdf && isDeepStrictEqual(pdf.shows, step.shows)) return { done: await step.store(pdf) };
          throw new RenderingNeeded(step.shows);
        })
        .catch((error: unknown): { shows: ContractShows } => {
          if (error instanceof RenderingNeeded) return { shows: error.shows };
          throw error;
        });
      if ("done" in outcome) {
        committed = true;
        return outcome.done;
      }
      if (renderings === RENDERINGS) throw new AppError("CONFLICT", CHANGED_WHILE_RENDERING);
      if (rendered) await context.storage.remove(rendered.key);
      rendered = null;
      const bytes = await renderContract(context, outcome.shows);
      // Under the owner's prefix, so deleting the account removes it; its own name, so a write that lost
      // a race removes only its own rendering.
      const key = `${userId}/contract-${contractId}-${kind}-${randomUUID()}.pdf`;
      await putBytes(context.storage, key, bytes, "application/pdf");
      rendered = { key, bytes, sha256: sha256Hex(bytes), shows: outcome.shows };
    }
  } finally {
    if (rendered && !committed) await context.storage.remove(rendered.key);
  }
}

/** Renders once for requests showing the same at once (a double-clicked signature renders one PDF). */
function renderContract(context: ContractContext, { agreement, completion }: ContractShows) {
  const version = createHash("sha256").update(JSON.stringify({ agreement, completion })).digest("hex");
  return sharedRendering(`contract/${version}`, () =>
    renderInWorker(contractPdfJob, {
      agreement,
      ...(completion ? { completion: { ...completion, seal: context.certificate() } } : {}),
    }),
  );
}
