/**
 * Contracts (issue 16): render + store of a 3-page agreement, and completion (both signatures stamped,
 * the certificate page, the seal), each p50/p95 over 40 runs after 5 warm-ups. Targets: p95 ≤ 300 ms and
 * ≤ 800 ms. The database work around them is a few row writes and is measured by the API tests' timings.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { putBytes, sha256Hex } from "../src/server/features/contracts/context.ts";
import { renderAgreement, writeCertificate } from "../src/server/features/contracts/contract-pdf.ts";
import { DEFAULT_TEMPLATE_BODY } from "../src/server/features/contracts/default-template.ts";
import { generateSealingCertificate } from "../src/server/features/contracts/seal.ts";
import { sealPdf } from "../src/server/features/contracts/seal-pdf.ts";
import { createLocalStore } from "../src/server/platform/storage/local-store.ts";
import { makePng } from "../src/test/png.ts";
import { formatMs, type Latency, measureLatency } from "./measure.ts";

/** A signature-sized PNG (600 × 180 pixels, as a phone's canvas makes them). */
const png = `data:image/png;base64,${makePng(600, 180).toString("base64")}`;

export async function runContractsBenchmark() {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "podium-bench-contracts-"));
  const storage = createLocalStore(folder);
  const certificate = generateSealingCertificate();
  // The ready agreement twice over runs to three pages.
  const body = `${DEFAULT_TEMPLATE_BODY}\n\n${DEFAULT_TEMPLATE_BODY}`.replace(
    /\{\{[^}]+\}\}/g,
    "Northwind Traders",
  );
  const signature = (name: string) => ({
    typedName: name,
    signatureImage: png,
    at: new Date().toISOString(),
    ip: "203.0.113.7",
    userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)",
  });
  let pages = 0;
  const renderAndStore = await measureLatency(
    async (index) => {
      const writer = await renderAgreement({
        title: "Speaking engagement agreement",
        body,
        signatures: [
          { role: "Speaker", name: "Jordan Rivera", signature: null },
          { role: "Client", name: "Дана Ли 李达", signature: null },
        ],
      });
      pages = writer.pageCount;
      const bytes = await writer.save();
      sha256Hex(bytes);
      await putBytes(storage, `bench/sent-${index}.pdf`, bytes, "application/pdf");
    },
    { samples: 40, warmup: 5 },
  );
  const completion = await measureLatency(
    async (index) => {
      const writer = await renderAgreement({
        title: "Speaking engagement agreement",
        body,
        signatures: [
          { role: "Speaker", name: "Jordan Rivera", signature: signature("Jordan Rivera") },
          { role: "Client", name: "Дана Ли 李达", signature: signature("Дана Ли 李达") },
        ],
      });
      await writeCertificate(writer, {
        contractId: "00000000-0000-4000-8000-000000000000",
        title: "Speaking engagement agreement",
        documentSha256: "0".repeat(64),
        pdfSha256: "1".repeat(64),
        completedAt: new Date(),
        signers: [
          {
            role: "Client",
            name: "Дана Ли 李达",
            email: "dana@example.com",
            signature: signature("Дана Ли 李达"),
            viewedAt: new Date(),
            consentedAt: new Date(),
          },
          {
            role: "Speaker",
            name: "Jordan Rivera",
            email: "jordan@example.com",
            signature: signature("Jordan Rivera"),
            viewedAt: null,
            consentedAt: null,
          },
        ],
        audit: ["created", "sent", "viewed", "consented", "signed", "countersigned"].map((type) => ({
          type,
          at: new Date(),
          actor: "signer",
          ip: "203.0.113.7",
        })),
      });
      const sealed = await sealPdf(writer.document, certificate, new Date());
      sha256Hex(sealed);
      await putBytes(storage, `bench/final-${index}.pdf`, sealed, "application/pdf");
    },
    { samples: 40, warmup: 5 },
  );
  fs.rmSync(folder, { recursive: true, force: true });
  return { pages, renderAndStore, completion };
}

export function reportContracts(result: { pages: number; renderAndStore: Latency; completion: Latency }) {
  const line = (label: string, latency: Latency, target: number) =>
    `  ${label}: p50 ${formatMs(latency.p50)}, p95 ${formatMs(latency.p95)} (target p95 ≤ ${target} ms) ${latency.p95 <= target ? "ok" : "OVER"}`;
  console.log(`Contracts (${result.pages}-page agreement, load ${os.loadavg()[0]!.toFixed(2)})`);
  console.log(line("render + store", result.renderAndStore, 300));
  console.log(line("completion (signatures, certificate, seal)", result.completion, 800));
}

if (process.argv[1] === import.meta.filename) reportContracts(await runContractsBenchmark());
