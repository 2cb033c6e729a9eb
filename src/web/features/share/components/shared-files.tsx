import { Download, FileArchive, FileText } from "lucide-react";
import { formatBytes } from "../../../../shared/file-size.ts";
import type { PublicShare } from "../../../../shared/schemas/share-links.ts";
import { publicFileUrl, publicOneSheetUrl, publicZipUrl } from "../api/public-share.ts";

const downloadClasses =
  "inline-flex min-h-11 shrink-0 items-center justify-center gap-2 rounded-md px-4 text-sm font-medium transition-colors [&_svg]:size-4";
const primary = `${downloadClasses} bg-primary text-primary-foreground hover:bg-primary-hover`;
const outline = `${downloadClasses} border border-border bg-card text-foreground hover:bg-muted`;

/** The link's files, each with its size and a download button, "Download all" and the one-sheet. */
export function SharedFiles({ share, token }: { share: PublicShare; token: string }) {
  const hasOneSheet = share.kind === "media_kit";
  if (share.files.length === 0 && !hasOneSheet) return null;
  return (
    <section aria-labelledby="files-heading" className="grid gap-4">
      <h2 id="files-heading" className="text-xl font-semibold">
        {share.kind === "media_kit" ? "Downloads" : "Files"}
      </h2>
      <div className="flex flex-wrap gap-2">
        {hasOneSheet && (
          <a className={primary} href={publicOneSheetUrl(token)} target="_blank" rel="noopener">
            <FileText aria-hidden="true" /> One-sheet (PDF)
          </a>
        )}
        {share.files.length > 1 && (
          <a className={hasOneSheet ? outline : primary} href={publicZipUrl(token)} download>
            <FileArchive aria-hidden="true" /> Download all ({share.files.length} files, zip)
          </a>
        )}
      </div>
      {share.files.length > 0 && (
        <ul className="divide-y divide-border rounded-lg border border-border bg-card">
          {share.files.map((file) => (
            <li key={file.id} className="flex items-center gap-3 p-3">
              <div className="min-w-0 flex-1">
                <p className="break-words text-sm font-medium">{file.filename}</p>
                <p className="text-xs text-muted-foreground">{formatBytes(file.size)}</p>
              </div>
              <a
                className={outline}
                href={publicFileUrl(token, file.id)}
                download={file.filename}
                aria-label={`Download ${file.filename} (${formatBytes(file.size)})`}
              >
                <Download aria-hidden="true" /> Download
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
