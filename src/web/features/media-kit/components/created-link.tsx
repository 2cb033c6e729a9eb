import { Copy, Share2 } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { copyText } from "../../../lib/copy-text.ts";
import { toast } from "../../../lib/toast.ts";

/** Said wherever a new link's address is shown (decision 014). */
export const SHOWN_ONCE_TEXT =
  "Copy or share this address now: it is shown only once. Podium keeps only a fingerprint of it, so nobody — not even you — can read it again later. If you lose it, create a new link.";

/** A link just created: its address, copied with one tap or handed to the phone's share sheet. */
export function CreatedLink({ url, label, onDone }: { url: string; label: string; onDone: () => void }) {
  const canShare = typeof navigator !== "undefined" && typeof navigator.share === "function";
  const copy = () =>
    copyText(url, { title: "Link copied", description: "Paste it into an e-mail or a message." });
  const share = async () => {
    try {
      await navigator.share({ title: label, url });
    } catch (error) {
      // Closing the share sheet is not a failure.
      if (error instanceof DOMException && error.name === "AbortError") return;
      toast({
        title: "Could not open the share sheet",
        description: "Copy the link instead.",
        variant: "destructive",
      });
    }
  };
  return (
    <div className="grid gap-3 rounded-md border border-primary/40 bg-primary-soft/40 p-4" role="status">
      <p className="text-sm font-medium">“{label}” is ready.</p>
      <FormField label="Link address">
        <Input readOnly value={url} onFocus={(event) => event.currentTarget.select()} />
      </FormField>
      <p className="text-sm text-muted-foreground">{SHOWN_ONCE_TEXT}</p>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => void copy()}>
          <Copy aria-hidden="true" /> Copy link
        </Button>
        {canShare && (
          <Button variant="outline" onClick={() => void share()}>
            <Share2 aria-hidden="true" /> Share…
          </Button>
        )}
        <Button variant="ghost" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}
