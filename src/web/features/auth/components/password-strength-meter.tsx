import { Check, X } from "lucide-react";
import { type PasswordCriteria, passwordStrength } from "../../../../shared/password-strength.ts";
import { cn } from "../../../lib/cn.ts";

const CRITERIA_LABELS: Record<keyof PasswordCriteria, string> = {
  hasMinimumLength: "At least 8 characters",
  hasRecommendedLength: "12 characters or more",
  hasLowercase: "A lowercase letter",
  hasUppercase: "An uppercase letter",
  hasDigit: "A number",
  hasSpecial: "A special character (@$!%*?&)",
};

const LABEL_STYLES = {
  Weak: { bar: "bg-destructive", text: "text-destructive" },
  Good: { bar: "bg-amber-500", text: "text-warning" },
  Strong: { bar: "bg-success", text: "text-success" },
} as const;

/** The spec's strength meter: a 0–100 bar, the Weak/Good/Strong label and the six criteria. */
export function PasswordStrengthMeter({ password, className }: { password: string; className?: string }) {
  if (!password) return null;
  const { score, label, criteria } = passwordStrength(password);
  const styles = LABEL_STYLES[label];
  return (
    <div className={cn("grid gap-2", className)}>
      <div className="flex items-center gap-3">
        {/* biome-ignore lint/a11y/useSemanticElements: a native <meter> cannot be styled consistently across browsers. */}
        <div
          role="meter"
          aria-label="Password strength"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={score}
          aria-valuetext={`${label}, ${score} out of 100`}
          className="h-1.5 flex-1 overflow-hidden rounded-full bg-muted"
        >
          <div
            className={cn("h-full rounded-full transition-all", styles.bar)}
            style={{ width: `${score}%` }}
          />
        </div>
        <span className={cn("w-14 text-right text-xs font-semibold", styles.text)}>{label}</span>
      </div>
      <ul className="grid gap-1 text-xs text-muted-foreground sm:grid-cols-2">
        {(Object.keys(CRITERIA_LABELS) as (keyof PasswordCriteria)[]).map((name) => (
          <li key={name} className={cn("flex items-center gap-1.5", criteria[name] && "text-success")}>
            {criteria[name] ? (
              <Check aria-hidden="true" className="size-3.5" />
            ) : (
              <X aria-hidden="true" className="size-3.5" />
            )}
            {CRITERIA_LABELS[name]}
            <span className="sr-only">{criteria[name] ? "(met)" : "(not met)"}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
