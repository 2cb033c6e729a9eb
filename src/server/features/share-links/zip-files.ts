import type { Readable } from "node:stream";
import yazl from "yazl";
import { cleanFilename } from "../../platform/storage/file-name.ts";
import type { ObjectStore } from "../../platform/storage/object-store.ts";

type ZipEntry = { filename: string; storageKey: string; size: number };

/**
 * A stored name as a zip entry's: cleaned as uploads are now (older names may not be), and without a drive
 * letter, which yazl refuses as an absolute path and unzip tools would follow.
 */
const entryName = (filename: string) => cleanFilename(filename).replace(/^([A-Za-z]):/, "$1_");

/** Names inside the zip: unique, so two files called "slides.pdf" become "slides.pdf" and "slides (2).pdf". */
function uniqueNames(entries: ZipEntry[]): string[] {
  const seen = new Set<string>();
  return entries.map((entry) => {
    const filename = entryName(entry.filename);
    const dot = filename.lastIndexOf(".");
    const [stem, extension] = dot > 0 ? [filename.slice(0, dot), filename.slice(dot)] : [filename, ""];
    let name = filename;
    for (let copy = 2; seen.has(name.toLowerCase()); copy++) name = `${stem} (${copy})${extension}`;
    seen.add(name.toLowerCase());
    return name;
  });
}

/**
 * All of a link's files as one zip, written while it downloads: each object is opened only when the zip
 * reaches it, so memory stays flat however many files there are. Files are stored, not deflated (images,
 * PDFs and Office files are compressed already).
 */
export function zipFiles(store: ObjectStore, entries: ZipEntry[]): Readable {
  const zip = new yazl.ZipFile();
  const names = uniqueNames(entries);
  entries.forEach((entry, index) => {
    zip.addReadStreamLazy(names[index]!, { size: entry.size, compress: false }, (callback) => {
      store.get(entry.storageKey).then(
        (stream) => callback(null, stream),
        (error: unknown) => callback(error, undefined as never),
      );
    });
  });
  zip.end();
  const output = zip.outputStream as Readable;
  // A file that cannot be read (deleted while the zip streams) ends the download; unheard, yazl's error
  // would end the process.
  zip.on("error", (error: Error) => output.destroy(error));
  return output;
}
