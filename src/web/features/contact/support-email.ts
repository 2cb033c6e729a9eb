/**
 * Where the contact-failure toast tells visitors to write (spec §8). The server's SUPPORT_EMAIL has the
 * same default; there is no endpoint that publishes the configured value, so the browser shows this one.
 */
export const SUPPORT_EMAIL = "support@localhost";
