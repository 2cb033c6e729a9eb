import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  emailOnlySchema,
  loginSchema,
  passwordRuleMessage,
  registerSchema,
  resetPasswordSchema,
  userSchema,
} from "./auth.ts";

const valid = { username: "jane_doe-1", email: "jane@example.com", password: "Speaker!2026" };

/** The first message for a field, as the forms and the server's `error` show it. */
function firstMessage(schema: z.ZodType, input: unknown, field: string) {
  const result = schema.safeParse(input);
  return result.error?.issues.find((issue) => issue.path[0] === field)?.message;
}

describe("registerSchema", () => {
  it("accepts a valid registration", () => {
    expect(registerSchema.parse(valid)).toEqual(valid);
  });

  it.each([
    [" jane", "Username cannot contain leading or trailing spaces"],
    ["jane ", "Username cannot contain leading or trailing spaces"],
    [" j", "Username cannot contain leading or trailing spaces"],
    ["ab", "Username must be at least 3 characters"],
    ["a".repeat(51), "Username cannot exceed 50 characters"],
    ["jane doe", "Username can only contain letters, numbers, underscores, and hyphens"],
    ["jané", "Username can only contain letters, numbers, underscores, and hyphens"],
  ])("refuses the username %j with %j", (username, message) => {
    expect(firstMessage(registerSchema, { ...valid, username }, "username")).toBe(message);
  });

  it("keeps a 50-character username and never trims one", () => {
    expect(registerSchema.parse({ ...valid, username: "a".repeat(50) }).username).toHaveLength(50);
  });

  it.each([
    ["", "Email is too short"],
    ["a@b", "Email is too short"],
    [`${"a".repeat(250)}@example.com`, "Email address is too long"],
    ["not-an-email", "Invalid email address"],
    ["jane@", "Invalid email address"],
  ])("refuses the e-mail %j with %j", (email, message) => {
    expect(firstMessage(registerSchema, { ...valid, email }, "email")).toBe(message);
  });

  it("trims the e-mail", () => {
    expect(registerSchema.parse({ ...valid, email: " jane@example.com " }).email).toBe("jane@example.com");
  });

  it.each([
    ["Ab1!", "Password must be at least 8 characters"],
    [`Ab1!${"a".repeat(125)}`, "Password is too long"],
    ["abcdefg1!", passwordRuleMessage],
    ["ABCDEFG1!", passwordRuleMessage],
    ["Abcdefgh!", passwordRuleMessage],
    ["Abcdefgh1", passwordRuleMessage],
    ["Abcdefg1#", passwordRuleMessage],
    ["Abcd efg1!", passwordRuleMessage],
  ])("refuses the password %j with %j", (password, message) => {
    expect(firstMessage(registerSchema, { ...valid, password }, "password")).toBe(message);
  });

  it("accepts a 128-character password and each allowed special", () => {
    expect(registerSchema.safeParse({ ...valid, password: `Ab1!${"a".repeat(124)}` }).success).toBe(true);
    for (const special of "@$!%*?&") {
      expect(registerSchema.safeParse({ ...valid, password: `Abcdefg1${special}` }).success).toBe(true);
    }
  });
});

describe("loginSchema", () => {
  it("requires both fields", () => {
    expect(firstMessage(loginSchema, { username: "", password: "x" }, "username")).toBe(
      "Username is required",
    );
    expect(firstMessage(loginSchema, { username: "x", password: "" }, "password")).toBe(
      "Password is required",
    );
  });
});

describe("emailOnlySchema and resetPasswordSchema", () => {
  it("require a valid e-mail", () => {
    expect(firstMessage(emailOnlySchema, { email: "nope-nope" }, "email")).toBe("Invalid email address");
  });

  it("accept any 8 to 128 characters as a new password on reset", () => {
    expect(resetPasswordSchema.safeParse({ token: "t", password: "abcdefgh" }).success).toBe(true);
    expect(firstMessage(resetPasswordSchema, { token: "t", password: "short" }, "password")).toBe(
      "Password must be at least 8 characters",
    );
    expect(firstMessage(resetPasswordSchema, { token: "t", password: "a".repeat(129) }, "password")).toBe(
      "Password is too long",
    );
  });
});

describe("userSchema", () => {
  it("drops every field beyond the six of the contract", () => {
    const user = {
      id: "1",
      username: "jane",
      email: "jane@example.com",
      emailVerified: true,
      isAdmin: false,
      createdAt: "2026-01-01T00:00:00.000Z",
    };
    expect(userSchema.parse({ ...user, passwordHash: "secret", role: "admin" })).toEqual(user);
  });
});
