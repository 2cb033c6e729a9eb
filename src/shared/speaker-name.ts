/** What a planner may know a speaker by: the profile's name and business name, never the login's username. */
export type SpeakerNames = { name: string | null; businessName: string | null };

/**
 * The speaker's name as a planner sees it, on every public page and in every e-mail to a planner: the
 * profile's name, else the business name, else "your speaker" (issue 40). The username is the speaker's
 * sign-in, not something to show a stranger. `atStart`: the name opens a sentence, a subject or a title,
 * so the fallback starts with a capital ("Your speaker"); a speaker's own name is never changed.
 */
export function speakerDisplayName(speaker: SpeakerNames, { atStart = false } = {}): string {
  const name = speaker.name?.trim() || speaker.businessName?.trim();
  if (name) return name;
  return atStart ? "Your speaker" : "your speaker";
}
