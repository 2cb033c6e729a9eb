/** The six criteria of the spec (§3), each worth an equal share of the 0–100 score. */
export type PasswordCriteria = {
  hasMinimumLength: boolean;
  hasRecommendedLength: boolean;
  hasLowercase: boolean;
  hasUppercase: boolean;
  hasDigit: boolean;
  hasSpecial: boolean;
};

export type PasswordStrengthLabel = "Weak" | "Good" | "Strong";

export type PasswordStrength = { score: number; label: PasswordStrengthLabel; criteria: PasswordCriteria };

/** Scores a password for the strength meter: under 35 Weak, under 70 Good, otherwise Strong. */
export function passwordStrength(password: string): PasswordStrength {
  const criteria: PasswordCriteria = {
    hasMinimumLength: password.length >= 8,
    hasRecommendedLength: password.length >= 12,
    hasLowercase: /[a-z]/.test(password),
    hasUppercase: /[A-Z]/.test(password),
    hasDigit: /\d/.test(password),
    // The same specials the registration rule accepts, so the meter and the rule never disagree.
    hasSpecial: /[@$!%*?&]/.test(password),
  };
  const met = Object.values(criteria).filter(Boolean).length;
  const score = Math.round((met * 100) / Object.keys(criteria).length);
  return { score, label: labelFor(score), criteria };
}

function labelFor(score: number): PasswordStrengthLabel {
  if (score < 35) return "Weak";
  if (score < 70) return "Good";
  return "Strong";
}
