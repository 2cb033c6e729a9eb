// Without zod, so that the signed-in shell's search box does not carry the validation library.

/** Spec §5: a query is sent only when it has at least this many characters after trimming. */
export const SEARCH_MIN_LENGTH = 2;
/** At most this many results of each kind. */
export const SEARCH_LIMIT = 10;
