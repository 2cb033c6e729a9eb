import type { z } from "zod";
import { ApiError, describeError } from "../../../lib/api.ts";

/** The first message of each field of a failed parse, for the form's fields. */
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
