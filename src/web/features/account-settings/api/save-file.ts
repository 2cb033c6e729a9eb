/** Time the browser gets to start writing a download before its object URL is released. */
const RELEASE_URL_AFTER_MS = 60_000;

/** Hands a downloaded file to the browser, which saves it like any other download. */
export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), RELEASE_URL_AFTER_MS);
}

/** Today as YYYY-MM-DD in the speaker's own calendar, for file names. */
export function localDateStamp(now = new Date()) {
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}
