import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiError } from "./api.ts";

/**
 * Puts the per-field messages of a 400 answer (`{ error, fields }`, DESIGN §5) on the form's fields.
 * Returns true when at least one field got a message, so the caller can skip a generic toast.
 */
export function showServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldNames: readonly Path<T>[],
): boolean {
  if (!(error instanceof ApiError)) return false;
  let shown = false;
  for (const name of fieldNames) {
    const message = error.fields[name];
    if (!message) continue;
    setError(name, { type: "server", message }, { shouldFocus: !shown });
    shown = true;
  }
  return shown;
}
