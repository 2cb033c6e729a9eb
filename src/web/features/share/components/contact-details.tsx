import type { PublicShare } from "../../../../shared/schemas/share-links.ts";

const LINK_LABELS = {
  website: "Website",
  linkedin: "LinkedIn",
  youtube: "YouTube",
  instagram: "Instagram",
  x: "X",
};

/** How a planner reaches the speaker: e-mail, phone, place and the speaker's links. */
export function ContactDetails({ share }: { share: PublicShare }) {
  const { speaker, mediaKit } = share;
  const place = [speaker.city, speaker.state].filter(Boolean).join(", ");
  const links = Object.entries(mediaKit?.links ?? {}).filter(
    (entry): entry is [keyof typeof LINK_LABELS, string] => Boolean(entry[1]) && entry[0] in LINK_LABELS,
  );
  const website =
    speaker.website && !links.some(([, url]) => url === speaker.website) ? speaker.website : null;
  if (!speaker.email && !speaker.phone && !place && links.length === 0 && !website) return null;
  const linkClasses = "font-medium text-primary underline-offset-4 hover:underline break-all";
  return (
    <section aria-labelledby="contact-heading" className="grid gap-2">
      <h2 id="contact-heading" className="text-xl font-semibold">
        Contact
      </h2>
      <ul className="grid gap-1.5 text-base">
        {speaker.email && (
          <li>
            <a className={linkClasses} href={`mailto:${speaker.email}`}>
              {speaker.email}
            </a>
          </li>
        )}
        {speaker.phone && (
          <li>
            <a className={linkClasses} href={`tel:${speaker.phone.replace(/[^\d+]/g, "")}`}>
              {speaker.phone}
            </a>
          </li>
        )}
        {place && <li>{place}</li>}
        {website && (
          <li>
            <a className={linkClasses} href={website} rel="noopener noreferrer" target="_blank">
              {website.replace(/^https?:\/\//, "")}
            </a>
          </li>
        )}
        {links.map(([name, url]) => (
          <li key={name}>
            <a className={linkClasses} href={url} rel="noopener noreferrer" target="_blank">
              {LINK_LABELS[name]}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
