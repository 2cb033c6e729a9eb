/**
 * The last answer per URL that carried an ETag (the signed-in reads of the book), in memory only: a refetch
 * (React Query's on window focus) asks `If-None-Match` with it and reuses the body on `304`, so an unchanged
 * page costs no body and no parse. Never stored anywhere; emptied when the signed-in user changes.
 */
type KeptAnswer = { etag: string; body: unknown };

/** Enough for every page a speaker moves between; the least recently used go first. */
const MAX_KEPT = 100;
const kept = new Map<string, KeptAnswer>();

export function findKeptAnswer(path: string): KeptAnswer | undefined {
  const answer = kept.get(path);
  if (answer) {
    kept.delete(path);
    kept.set(path, answer);
  }
  return answer;
}

export function keepAnswer(path: string, etag: string, body: unknown): void {
  kept.delete(path);
  kept.set(path, { etag, body });
  for (const [oldest] of kept) {
    if (kept.size <= MAX_KEPT) break;
    kept.delete(oldest);
  }
}

/** On sign-in and sign-out: another user's answers are never offered (the server would refuse them anyway). */
export function forgetKeptAnswers(): void {
  kept.clear();
}
