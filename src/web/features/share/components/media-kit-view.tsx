import { TOPIC_FORMAT_LABELS } from "../../../../shared/media-kit-texts.ts";
import type { PublicShare } from "../../../../shared/schemas/share-links.ts";
import { speakerDisplayName } from "../../../../shared/speaker-name.ts";
import { publicFileUrl } from "../api/public-share.ts";
import { VideoFacade } from "./video-facade.tsx";

type Kit = NonNullable<PublicShare["mediaKit"]>;
const dollars = (amount: number) =>
  amount.toLocaleString("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });

function feeText(fee: Kit["feeRange"]) {
  if (!fee || (fee.from == null && fee.to == null)) return null;
  if (fee.from != null && fee.to != null)
    return fee.from === fee.to ? dollars(fee.from) : `${dollars(fee.from)} – ${dollars(fee.to)}`;
  return fee.from != null ? `From ${dollars(fee.from)}` : `Up to ${dollars(fee.to!)}`;
}

/** The header of a share page: primary headshot, name, title, headline. */
export function SpeakerHeader({ share, token }: { share: PublicShare; token: string }) {
  const { speaker, mediaKit } = share;
  const headshot = mediaKit?.headshots[0];
  const name = speakerDisplayName(speaker, { atStart: true });
  // The business name is the heading already when the profile has no name.
  const subtitle = [speaker.title, speaker.name && speaker.businessName].filter(Boolean).join(" · ");
  return (
    <header className="grid justify-items-center gap-4 text-center sm:grid-cols-[auto_1fr] sm:justify-items-start sm:text-left">
      {headshot && (
        <img
          src={publicFileUrl(token, headshot.id)}
          alt={`Headshot of ${name}`}
          width={160}
          height={160}
          className="size-36 rounded-full object-cover shadow-md sm:size-40"
        />
      )}
      <div className="grid content-center gap-1">
        <h1 className="text-3xl font-bold tracking-tight">{name}</h1>
        {subtitle && <p className="text-base text-muted-foreground">{subtitle}</p>}
        {mediaKit?.headline && <p className="mt-2 text-lg font-medium text-primary">{mediaKit.headline}</p>}
      </div>
    </header>
  );
}

/** The media kit's body: bio, topics, fees, videos, testimonials (also on the booking page, which has no headshots). */
export function MediaKitView({ kit }: { kit: Omit<Kit, "headshots"> }) {
  const fee = feeText(kit.feeRange);
  return (
    <>
      {(kit.shortBio || kit.longBio) && (
        <section aria-labelledby="bio-heading" className="grid gap-3">
          <h2 id="bio-heading" className="text-xl font-semibold">
            About
          </h2>
          {kit.shortBio && <p className="text-base font-medium">{kit.shortBio}</p>}
          {kit.longBio && <p className="whitespace-pre-line text-base leading-relaxed">{kit.longBio}</p>}
        </section>
      )}
      {kit.topics.length > 0 && (
        <section aria-labelledby="topics-heading" className="grid gap-3">
          <h2 id="topics-heading" className="text-xl font-semibold">
            Topics
          </h2>
          <ul className="grid gap-3">
            {kit.topics.map((topic) => (
              <li key={topic.title} className="grid gap-2 rounded-lg border border-border bg-card p-4">
                <h3 className="text-lg font-semibold">{topic.title}</h3>
                {topic.formats.length > 0 && (
                  <ul aria-label="Formats" className="flex flex-wrap gap-1.5">
                    {topic.formats.map((format) => (
                      <li
                        key={format}
                        className="rounded-full bg-primary-soft px-2.5 py-0.5 text-xs font-medium text-primary-soft-foreground"
                      >
                        {TOPIC_FORMAT_LABELS[format]}
                      </li>
                    ))}
                  </ul>
                )}
                {topic.description && <p className="whitespace-pre-line text-sm">{topic.description}</p>}
                {topic.audiences && (
                  <p className="text-sm text-muted-foreground">
                    <span className="font-medium text-foreground">For:</span> {topic.audiences}
                  </p>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      {(fee || kit.travelsFrom) && (
        <section aria-labelledby="booking-heading" className="grid gap-2">
          <h2 id="booking-heading" className="text-xl font-semibold">
            Booking
          </h2>
          <dl className="grid gap-1 text-base sm:grid-cols-[auto_1fr] sm:gap-x-6">
            {fee && (
              <>
                <dt className="font-medium">Fee range</dt>
                <dd>{fee}</dd>
              </>
            )}
            {kit.travelsFrom && (
              <>
                <dt className="font-medium">Travels from</dt>
                <dd>{kit.travelsFrom}</dd>
              </>
            )}
          </dl>
        </section>
      )}
      {kit.videos.length > 0 && (
        <section aria-labelledby="videos-heading" className="grid gap-3">
          <h2 id="videos-heading" className="text-xl font-semibold">
            Videos
          </h2>
          <div className="grid gap-4 sm:grid-cols-2">
            {kit.videos.map((video) => (
              <VideoFacade key={video.url} url={video.url} title={video.title} />
            ))}
          </div>
        </section>
      )}
      {kit.testimonials.length > 0 && (
        <section aria-labelledby="testimonials-heading" className="grid gap-3">
          <h2 id="testimonials-heading" className="text-xl font-semibold">
            What organizers say
          </h2>
          <div className="grid gap-3">
            {kit.testimonials.map((t) => (
              <figure key={`${t.author}:${t.quote}`} className="rounded-lg border border-border bg-card p-4">
                <blockquote className="text-base italic">“{t.quote}”</blockquote>
                <figcaption className="mt-2 text-sm text-muted-foreground">
                  — <span className="font-medium text-foreground">{t.author}</span>
                  {[t.role, t.organization].filter(Boolean).length > 0 &&
                    `, ${[t.role, t.organization].filter(Boolean).join(", ")}`}
                </figcaption>
              </figure>
            ))}
          </div>
        </section>
      )}
    </>
  );
}
