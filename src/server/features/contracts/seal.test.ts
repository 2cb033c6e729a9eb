import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { generateSealingCertificate, loadSealingCertificate } from "./seal.ts";

describe("the sealing certificate", () => {
  it("is generated once into DATA_DIR/signing, passphrase-protected, mode 600", () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "podium-seal-"));
    const first = loadSealingCertificate({}, dataDir);
    const folder = path.join(dataDir, "signing");
    for (const file of ["contract-seal.p12", "contract-seal.passphrase"]) {
      expect(fs.statSync(path.join(folder, file)).mode & 0o777).toBe(0o600);
    }
    expect(fs.readFileSync(path.join(folder, "contract-seal-ca.pem"), "utf8")).toMatch(/BEGIN CERTIFICATE/);
    expect(first.passphrase.length).toBeGreaterThanOrEqual(24);
    // A later start (another process) reads the same files.
    const again = loadSealingCertificate({}, `${dataDir}${path.sep}`);
    expect(again.p12.equals(first.p12)).toBe(true);
  });

  it("uses SIGNING_CERT_P12 as a path or as base64 text, with its passphrase", () => {
    const generated = generateSealingCertificate();
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "podium-seal-")), "seal.p12");
    fs.writeFileSync(file, generated.p12);
    const fromPath = loadSealingCertificate({ p12: file, passphrase: generated.passphrase }, "/nonexistent");
    expect(fromPath.p12.equals(generated.p12)).toBe(true);
    const fromText = loadSealingCertificate(
      { p12: generated.p12.toString("base64"), passphrase: generated.passphrase },
      "/nonexistent",
    );
    expect(fromText).toEqual({ p12: generated.p12, passphrase: generated.passphrase });
  });

  it("refuses a passphrase without a certificate at start-up", () => {
    expect(() => loadConfig({ SIGNING_CERT_PASSPHRASE: "secret" })).toThrow(/SIGNING_CERT_P12/);
  });
});
