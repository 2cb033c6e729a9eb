import { type ComponentProps, useEffect, useState } from "react";
import { type Control, type FieldPathByValue, type FieldValues, useController } from "react-hook-form";
import { cn } from "../../lib/cn.ts";
import { formatDollarInput, parseDollars } from "../../lib/money.ts";
import { fieldClasses } from "./input.tsx";

type MoneyInputProps = Omit<ComponentProps<"input">, "value" | "onChange" | "type"> & {
  /** Dollars; null when blank, NaN when what was typed is not an amount. */
  value: number | null | undefined;
  onChange: (dollars: number | null) => void;
};

/**
 * A dollar amount: shows "$" beside the digits, accepts "5,000.50" or "$5000.5", and formats the amount with
 * thousands separators when the field loses focus. Works with react-hook-form's Controller.
 */
export function MoneyInput({ value, onChange, onBlur, onFocus, className, ...props }: MoneyInputProps) {
  const [text, setText] = useState(() => formatDollarInput(value));
  const [isEditing, setIsEditing] = useState(false);

  // Follow the form (a reset, a server value) while the speaker is not typing in the field.
  useEffect(() => {
    if (!isEditing) setText(Number.isNaN(value) ? text : formatDollarInput(value));
  }, [value, isEditing, text]);

  return (
    <div className={cn("relative", className)}>
      <span
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-muted-foreground"
      >
        $
      </span>
      <input
        type="text"
        inputMode="decimal"
        autoComplete="off"
        value={text}
        onFocus={(event) => {
          setIsEditing(true);
          onFocus?.(event);
        }}
        onChange={(event) => {
          setText(event.target.value);
          onChange(parseDollars(event.target.value));
        }}
        onBlur={(event) => {
          setIsEditing(false);
          onBlur?.(event);
        }}
        className={cn(fieldClasses, "h-10 pl-7 tabular-nums")}
        {...props}
      />
    </div>
  );
}

type ControlledMoneyInputProps<T extends FieldValues> = Omit<
  MoneyInputProps,
  "value" | "onChange" | "name"
> & {
  control: Control<T>;
  name: FieldPathByValue<T, number | null | undefined>;
};

/** A MoneyInput bound to a react-hook-form field; inside a FormField it receives the label's id. */
export function ControlledMoneyInput<T extends FieldValues>({
  control,
  name,
  ...props
}: ControlledMoneyInputProps<T>) {
  const { field } = useController({ control, name });
  return (
    <MoneyInput
      {...props}
      name={field.name}
      ref={field.ref}
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
    />
  );
}
