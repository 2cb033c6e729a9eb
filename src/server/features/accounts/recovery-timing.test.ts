import { describe, expect, it } from "vitest";
import { median } from "../../../../bench/measure.ts";
import { createTestApp } from "../../../test/app.ts";
import { createClient } from "../../../test/client.ts";
import { createUser } from "../../../test/factories.ts";
import { mailTo } from "../../../test/mailer.ts";

// Issue 10 item 6: a recovery call must not tell by its time whether an address has an account. Each call
// answers before it looks the address up (decision 027); here the median of 30 answers for an address with an
// account that gets an e-mail is within 2 ms of the median for an unknown one. The limits are raised so that
// 60 calls from one address stay under them; the work after each answer is finished, untimed, before the next.

const { app, db } = await createTestApp({ RATE_LIMIT_FACTOR: "1000" });
const CALLS = 30;
const ATTEMPTS = 6;

async function answerTimes(url: string, email: string, headers: Record<string, string>) {
  const started = process.hrtime.bigint();
  const response = await app.inject({ method: "POST", url, headers, payload: { email } });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  expect(response.statusCode).toBe(200);
  await app.afterResponse.idle();
  return { ms, body: response.body };
}

const calls = [
  { url: "/api/auth/forgot-password", verified: true, subject: "Reset your Podium password" },
  { url: "/api/auth/recover-username", verified: true, subject: "Your Podium username" },
  { url: "/api/auth/resend-verification", verified: false, subject: "Verify your email address for Podium" },
];

/** Medians of 30 alternating answers each, for the known address and for an unknown one. */
async function measureMedians(url: string, email: string, unknown: string, headers: Record<string, string>) {
  const known: number[] = [];
  const other: number[] = [];
  for (let n = 0; n < CALLS; n++) {
    // Each goes first in every other pair, so neither always follows the other's work.
    const order = n % 2 === 0 ? [email, unknown] : [unknown, email];
    const first = await answerTimes(url, order[0]!, headers);
    const second = await answerTimes(url, order[1]!, headers);
    expect(first.body).toBe(second.body);
    known.push(order[0] === email ? first.ms : second.ms);
    other.push(order[0] === email ? second.ms : first.ms);
  }
  return { known: median(known), unknown: median(other) };
}

describe.each(calls)("POST $url", ({ url, verified, subject }) => {
  it("answers a known address as fast as an unknown one (medians of 30 within 2 ms)", async () => {
    const user = await createUser(db, verified ? {} : { emailVerifiedAt: null });
    const unknown = `nobody-${user.id}@example.com`;
    const client = createClient(app);
    await client.get("/api/csrf-token");
    const headers = {
      cookie: [...client.jar].map(([name, value]) => `${name}=${value}`).join("; "),
      "x-csrf-token": client.jar.get("csrf-token")!,
    };
    for (let n = 0; n < 5; n++) {
      await answerTimes(url, user.email, headers);
      await answerTimes(url, unknown, headers);
    }
    // The machine is shared with other work, so a busy spell may skew one series of 30: up to six series
    // are measured and one must hold. Work done before the answer shows in every series (6 ms before the fix).
    const series: { known: number; unknown: number }[] = [];
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      series.push(await measureMedians(url, user.email, unknown, headers));
      if (Math.abs(series.at(-1)!.known - series.at(-1)!.unknown) <= 2) break;
    }
    const gaps = series.map((s) => Math.abs(s.known - s.unknown));
    expect(Math.min(...gaps), JSON.stringify(series)).toBeLessThanOrEqual(2);
    // The work was done, after the answers: every call for the known address mailed it, none the unknown one.
    const mailed = (await mailTo(db, user.email)).filter((mail) => mail.subject === subject);
    expect(mailed).toHaveLength(5 + series.length * CALLS);
    expect(await mailTo(db, unknown)).toHaveLength(0);
  });
});
