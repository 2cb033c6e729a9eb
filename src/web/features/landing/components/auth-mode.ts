/** The four forms of the auth modal (spec §4). */
export type AuthMode = "register" | "login" | "forgot-password" | "recover-username";
