/** Keys this app keeps in localStorage; all start with "podium:". */
export const STORAGE_NOTICE_ACK_KEY = "podium:storage-notice-ack";
export const welcomeSeenKey = (userId: string) => `podium:welcome-seen:${userId}`;

// Storage can throw (private modes, quota, disabled cookies); none of these values is worth a crash.

export function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: string) {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // The notice or dialog shows again next time; nothing else depends on it.
  }
}

export function removeStored(key: string) {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing stored means nothing to remove.
  }
}
