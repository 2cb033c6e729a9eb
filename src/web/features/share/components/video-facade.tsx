import { Play } from "lucide-react";
import { useState } from "react";
import { videoEmbedUrl } from "../../../../shared/video-embed.ts";

/**
 * A video that loads its player only when the visitor asks for it: until then nothing is requested from
 * YouTube or Vimeo (no tracking, no weight on the page's first load).
 */
export function VideoFacade({ url, title }: { url: string; title: string | null }) {
  const [isPlaying, setIsPlaying] = useState(false);
  const embed = videoEmbedUrl(url);
  const name = title || "Video";
  if (!embed) return null;
  const host = new URL(embed).hostname.includes("vimeo") ? "Vimeo" : "YouTube";
  return (
    <figure className="grid gap-2">
      <div className="relative aspect-video overflow-hidden rounded-lg bg-slate-900">
        {isPlaying ? (
          <iframe
            src={`${embed}?autoplay=1`}
            title={name}
            className="absolute inset-0 size-full"
            allow="autoplay; fullscreen; picture-in-picture; encrypted-media"
            allowFullScreen
          />
        ) : (
          <button
            type="button"
            onClick={() => setIsPlaying(true)}
            className="absolute inset-0 grid place-items-center text-white focus-visible:outline-4 focus-visible:outline-offset-[-4px] focus-visible:outline-white"
          >
            <span className="grid justify-items-center gap-3 px-4 text-center">
              <span className="grid size-16 place-items-center rounded-full bg-white/90 text-slate-900 shadow-lg">
                <Play aria-hidden="true" className="size-7 translate-x-0.5" />
              </span>
              <span className="text-sm font-medium">
                Play “{name}”
                <span className="block text-xs font-normal text-white/80">Loads the player from {host}</span>
              </span>
            </span>
          </button>
        )}
      </div>
      {title && <figcaption className="text-sm text-muted-foreground">{title}</figcaption>}
    </figure>
  );
}
