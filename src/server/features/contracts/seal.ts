import { generateKeyPairSync, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import forge from "node-forge";

/** The PKCS#12 that seals completed contracts and its passphrase (DESIGN §9). */
export type SealingCertificate = { p12: Buffer; passphrase: string };

const P12_FILE = "contract-seal.p12";
const PASSPHRASE_FILE = "contract-seal.passphrase";
const CA_FILE = "contract-seal-ca.pem";

/**
 * SIGNING_CERT_P12 (a path, or the file's bytes in base64) with SIGNING_CERT_PASSPHRASE; otherwise a CA and
 * a signing certificate generated once into DATA_DIR/signing (the PKCS#12 protected by a random passphrase,
 * both files mode 600; the CA's certificate beside them for anyone who wants to trust it).
 */
export function loadSealingCertificate(
  configured: { p12?: string; passphrase?: string },
  dataDir: string,
): SealingCertificate {
  const cacheKey = `${configured.p12 ?? ""}\n${dataDir}`;
  let certificate = loaded.get(cacheKey);
  if (!certificate) {
    certificate = readOrGenerate(configured, dataDir);
    loaded.set(cacheKey, certificate);
  }
  return certificate;
}

const loaded = new Map<string, SealingCertificate>();

function readOrGenerate(
  configured: { p12?: string; passphrase?: string },
  dataDir: string,
): SealingCertificate {
  if (configured.p12) {
    const p12 = fs.existsSync(configured.p12)
      ? fs.readFileSync(configured.p12)
      : Buffer.from(configured.p12, "base64");
    return { p12, passphrase: configured.passphrase ?? "" };
  }
  const folder = path.join(dataDir, "signing");
  const p12Path = path.join(folder, P12_FILE);
  const passphrasePath = path.join(folder, PASSPHRASE_FILE);
  if (fs.existsSync(p12Path) && fs.existsSync(passphrasePath)) {
    return { p12: fs.readFileSync(p12Path), passphrase: fs.readFileSync(passphrasePath, "utf8").trim() };
  }
  const generated = generateSealingCertificate();
  fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
  fs.writeFileSync(passphrasePath, generated.passphrase, { mode: 0o600 });
  fs.writeFileSync(p12Path, generated.p12, { mode: 0o600 });
  fs.writeFileSync(path.join(folder, CA_FILE), generated.caPem, { mode: 0o644 });
  return { p12: generated.p12, passphrase: generated.passphrase };
}

const toForgeKeys = () => {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  return {
    privateKey: forge.pki.privateKeyFromPem(privateKey.export({ type: "pkcs1", format: "pem" }).toString()),
    publicKey: forge.pki.publicKeyFromPem(publicKey.export({ type: "spki", format: "pem" }).toString()),
  };
};

function certificate(
  subject: forge.pki.CertificateField[],
  issuer: forge.pki.CertificateField[],
  publicKey: forge.pki.PublicKey,
  years: number,
  extensions: object[],
) {
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  cert.serialNumber = `01${randomBytes(15).toString("hex")}`;
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + years * 365 * 24 * 3600 * 1000);
  cert.setSubject(subject);
  cert.setIssuer(issuer);
  cert.setExtensions(extensions);
  return cert;
}

/** A CA (20 years) and a document-signing certificate it issued (10 years), as a PKCS#12. */
export function generateSealingCertificate() {
  const caKeys = toForgeKeys();
  const signerKeys = toForgeKeys();
  const caName = [
    { name: "commonName", value: "Podium Contract Sealing CA" },
    { name: "organizationName", value: "Podium" },
  ];
  const ca = certificate(caName, caName, caKeys.publicKey, 20, [
    { name: "basicConstraints", cA: true, critical: true },
    { name: "keyUsage", keyCertSign: true, cRLSign: true, critical: true },
    { name: "subjectKeyIdentifier" },
  ]);
  ca.sign(caKeys.privateKey, forge.md.sha256.create());
  const signer = certificate(
    [
      { name: "commonName", value: "Podium Contract Sealing" },
      { name: "organizationName", value: "Podium" },
    ],
    caName,
    signerKeys.publicKey,
    10,
    [
      { name: "basicConstraints", cA: false },
      { name: "keyUsage", digitalSignature: true, nonRepudiation: true, critical: true },
      { name: "subjectKeyIdentifier" },
    ],
  );
  signer.sign(caKeys.privateKey, forge.md.sha256.create());
  const passphrase = randomBytes(24).toString("base64url");
  const asn1 = forge.pkcs12.toPkcs12Asn1(signerKeys.privateKey, [signer, ca], passphrase, {
    algorithm: "3des",
  });
  const p12 = Buffer.from(forge.asn1.toDer(asn1).getBytes(), "binary");
  return { p12, passphrase, caPem: forge.pki.certificateToPem(ca) };
}
