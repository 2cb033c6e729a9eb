import { Copy, Download } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { copyText } from "../../../lib/copy-text.ts";
import { saveFile } from "../../account-settings/api/save-file.ts";

type RecoveryCodesPanelProps = { codes: string[]; onDone: () => void };

const fileText = (codes: string[]) =>
  [
    "Podium recovery codes",
    "",
    "Each code signs you in once, in place of a code from your authenticator app.",
    "Keep them somewhere safe, away from your phone.",
    "",
    ...codes,
    "",
  ].join("\n");

/** The recovery codes, shown this once right after the authenticator app is turned on. */
export function RecoveryCodesPanel({ codes, onDone }: RecoveryCodesPanelProps) {
  return (
    <section
      aria-labelledby="recovery-codes-title"
      className="grid gap-4 rounded-md border border-warning/40 bg-warning-soft p-4"
    >
      <div className="grid gap-1">
        <h3 id="recovery-codes-title" className="font-semibold">
          Save your recovery codes
        </h3>
        <p className="text-sm text-muted-foreground">
          If you lose your phone, each code signs you in once. This is the only time they are shown.
        </p>
      </div>
      <ol aria-label="Recovery codes" className="grid grid-cols-2 gap-x-4 gap-y-1.5 font-mono text-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          onClick={() =>
            saveFile(new Blob([fileText(codes)], { type: "text/plain" }), "podium-recovery-codes.txt")
          }
        >
          <Download aria-hidden="true" />
          Download .txt
        </Button>
        <Button
          variant="outline"
          onClick={() =>
            copyText(codes.join("\n"), {
              title: "Copied",
              description: "Your recovery codes are on the clipboard.",
            })
          }
        >
          <Copy aria-hidden="true" />
          Copy
        </Button>
        <Button onClick={onDone}>I have saved them</Button>
      </div>
    </section>
  );
}
