import { describe, expect, it } from "vitest";
import { deriveSecretBoxKey, openSecret, sealSecret } from "./secret-box.ts";

const key = deriveSecretBoxKey("a root secret of at least thirty-two characters");
const owner = "5b0c7a52-2f5e-4d55-9d0c-0f1e8a3c9b11";

describe("the secret box", () => {
  it("seals so the secret is not in the stored text, and opens it again", () => {
    const sealed = sealSecret(key, "JBSWY3DPEHPK3PXP", owner);
    expect(sealed).toMatch(/^sealed\.v1\./);
    expect(sealed).not.toContain("JBSWY3DPEHPK3PXP");
    expect(sealSecret(key, "JBSWY3DPEHPK3PXP", owner)).not.toBe(sealed);
    expect(openSecret(key, sealed, owner)).toBe("JBSWY3DPEHPK3PXP");
  });

  it("reads a secret stored before sealing as it is", () => {
    expect(openSecret(key, "JBSWY3DPEHPK3PXP", owner)).toBe("JBSWY3DPEHPK3PXP");
  });

  it("does not open under another root secret, for another owner, or with a byte changed", () => {
    const sealed = sealSecret(key, "JBSWY3DPEHPK3PXP", owner);
    const otherKey = deriveSecretBoxKey("another root secret of thirty-two characters!");
    expect(openSecret(otherKey, sealed, owner)).toBeNull();
    expect(openSecret(key, sealed, "another-owner")).toBeNull();
    const bytes = Buffer.from(sealed.slice("sealed.v1.".length), "base64url");
    bytes[14] = (bytes[14] ?? 0) ^ 1;
    expect(openSecret(key, `sealed.v1.${bytes.toString("base64url")}`, owner)).toBeNull();
    expect(openSecret(key, "sealed.v1.abc", owner)).toBeNull();
  });
});
