import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import type { z } from "zod";
import { ApiError, describeError } from "./api.ts";

/** The first message of each field of a failed parse, for the form's fields (`form` when it names none). */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.message;
  }
  return errors;
}

/** A failed save's messages: the server's per-field ones, else its sentence under `form`. */
export function errorsOfFailure(failure: unknown): Record<string, string> {
  if (failure instanceof ApiError && Object.keys(failure.fields).length > 0) return failure.fields;
  return { form: describeError(failure, "Please try again.") };
}

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
