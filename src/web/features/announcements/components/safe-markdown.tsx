import Markdown from "react-markdown";
import { cn } from "../../../lib/cn.ts";

/**
 * Markdown written by an admin, shown to every speaker: raw HTML is dropped (skipHtml, no rehype-raw), and
 * images are left out, and react-markdown's URL filter removes javascript: and other unsafe links, so no markup can run script.
 */
export function SafeMarkdown({ children, className }: { children: string; className?: string }) {
  return (
    <div
      className={cn(
        "grid gap-2 text-sm [&_a]:font-medium [&_a]:underline [&_a]:underline-offset-2 [&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5",
        className,
      )}
    >
      {/* No images either: a notice needs none, and a remote image would tell its host who read it. */}
      <Markdown skipHtml disallowedElements={["img"]}>
        {children}
      </Markdown>
    </div>
  );
}
