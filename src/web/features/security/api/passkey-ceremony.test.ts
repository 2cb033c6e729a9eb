import { startAuthentication, startRegistration } from "@simplewebauthn/browser";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { describeFactorError, makePasskey, signChallengeWithPasskey } from "./passkey-ceremony.ts";

vi.mock("@simplewebauthn/browser", () => ({ startAuthentication: vi.fn(), startRegistration: vi.fn() }));

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });
const credential = {
  id: "cred",
  rawId: "cred",
  type: "public-key" as const,
  response: { clientDataJSON: "e30", authenticatorData: "AA", signature: "AA" },
  clientExtensionResults: {},
};

describe("passkey ceremonies", () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    vi.clearAllMocks();
    fetchMock.mockReset().mockImplementation(async () => json({ challenge: "c1" }));
    vi.stubGlobal("fetch", fetchMock);
    vi.stubGlobal("document", { cookie: "csrf-token=t" });
    vi.stubGlobal("window", { PublicKeyCredential: () => {} });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("answers the server's challenge with the browser's passkey", async () => {
    vi.mocked(startAuthentication).mockResolvedValueOnce(credential);
    expect(await signChallengeWithPasskey()).toEqual(credential);
    expect(fetchMock.mock.calls[0]![0]).toBe("/api/passkeys/authentication-options");
    expect(startAuthentication).toHaveBeenCalledWith({ optionsJSON: { challenge: "c1" } });
  });

  it("says in plain words that the prompt was cancelled, or that the device already has one", async () => {
    const notAllowed = Object.assign(new Error("The operation either timed out or was not allowed."), {
      name: "NotAllowedError",
    });
    vi.mocked(startAuthentication).mockRejectedValueOnce(notAllowed);
    const cancelled = await signChallengeWithPasskey().catch((error: unknown) => error);
    expect(describeFactorError(cancelled, "fallback")).toBe(
      "No passkey was used: the request was cancelled or timed out. Try again.",
    );

    vi.mocked(startRegistration).mockRejectedValueOnce(
      Object.assign(new Error("x"), {
        name: "InvalidStateError",
        code: "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED",
      }),
    );
    const again = await makePasskey().catch((error: unknown) => error);
    expect(fetchMock.mock.calls.at(-1)![0]).toBe("/api/passkeys/registration-options");
    expect(describeFactorError(again, "fallback")).toBe(
      "This device already holds a passkey for your account.",
    );
  });

  it("refuses at once in a browser without WebAuthn", async () => {
    vi.stubGlobal("window", {});
    const refused = await signChallengeWithPasskey().catch((error: unknown) => error);
    expect(describeFactorError(refused, "fallback")).toBe(
      "This browser cannot use passkeys. Use another way, or another browser.",
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
