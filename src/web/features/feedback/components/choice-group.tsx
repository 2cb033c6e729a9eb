import { cn } from "../../../lib/cn.ts";

type Choice<T extends string> = { value: T; label: string };

type ChoiceGroupProps<T extends string> = {
  legend: string;
  name: string;
  choices: Choice<T>[];
  value: T;
  onChange: (value: T) => void;
  error?: string;
};

/** A row of radio buttons styled as toggles; arrow keys move between them like any radio group. */
export function ChoiceGroup<T extends string>({
  legend,
  name,
  choices,
  value,
  onChange,
  error,
}: ChoiceGroupProps<T>) {
  return (
    <fieldset className="grid gap-2" aria-invalid={error ? true : undefined}>
      <legend className="mb-1.5 text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {choices.map((choice) => (
          <label
            key={choice.value}
            className={cn(
              "inline-flex h-10 min-w-10 cursor-pointer items-center justify-center rounded-md border border-border bg-card px-3 text-sm font-medium shadow-xs transition-colors hover:bg-muted has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring",
              value === choice.value && "border-primary bg-primary-soft text-primary-soft-foreground",
            )}
          >
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={value === choice.value}
              onChange={() => onChange(choice.value)}
              className="sr-only"
            />
            {choice.label}
          </label>
        ))}
      </div>
      {error && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}
