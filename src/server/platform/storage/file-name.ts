/**
 * The name as shown and offered for download: no folders, no control characters, at most 200 characters.
 * A name of dots alone ("." or "..") names a folder, never a file, and becomes "file".
 */
export function cleanFilename(raw: string | undefined): string {
  const base = (raw ?? "").split(/[\\/]/).pop() ?? "";
  const clean = [...base]
    .filter((character) => character >= " " && character !== "\u007f")
    .join("")
    .trim()
    .slice(0, 200);
  return clean && !/^\.+$/.test(clean) ? clean : "file";
}
