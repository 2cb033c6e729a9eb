import { AppError } from "../../platform/http/errors.ts";

export const billingOff = () =>
  new AppError("CONFLICT", "This server does not charge for Podium: billing is off.");

/** Stripe could not be reached or refused the call; the user can simply try again. */
export const stripeUnavailable = () =>
  new AppError(
    "SERVICE_UNAVAILABLE",
    "The payment service is not answering just now. Please try again in a minute.",
  );
