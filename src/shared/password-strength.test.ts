import { describe, expect, it } from "vitest";
import { passwordStrength } from "./password-strength.ts";

describe("passwordStrength", () => {
  it("scores an empty password 0 and calls it Weak", () => {
    expect(passwordStrength("")).toMatchObject({ score: 0, label: "Weak" });
  });

  it("gives each of the six criteria an equal share", () => {
    expect(passwordStrength("a").score).toBe(17);
    expect(passwordStrength("aA").score).toBe(33);
    expect(passwordStrength("aA1").score).toBe(50);
    expect(passwordStrength("aA1@").score).toBe(67);
    expect(passwordStrength("aA1@aaaa").score).toBe(83);
    expect(passwordStrength("aA1@aaaaaaaa").score).toBe(100);
  });

  it("labels under 35 Weak, under 70 Good, otherwise Strong", () => {
    expect(passwordStrength("aA").label).toBe("Weak");
    expect(passwordStrength("aA1").label).toBe("Good");
    expect(passwordStrength("aA1@").label).toBe("Good");
    expect(passwordStrength("aA1@aaaa").label).toBe("Strong");
  });

  it("reports which criteria are met", () => {
    expect(passwordStrength("abcdefghijkl").criteria).toEqual({
      hasMinimumLength: true,
      hasRecommendedLength: true,
      hasLowercase: true,
      hasUppercase: false,
      hasDigit: false,
      hasSpecial: false,
    });
  });

  it("counts only the specials the registration rule accepts", () => {
    expect(passwordStrength("#").criteria.hasSpecial).toBe(false);
    for (const special of "@$!%*?&") expect(passwordStrength(special).criteria.hasSpecial).toBe(true);
  });
});
