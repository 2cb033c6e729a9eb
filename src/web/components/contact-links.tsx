import { Globe, Mail, Phone } from "lucide-react";

const linkClasses =
  "inline-flex max-w-full items-center gap-1.5 rounded-sm font-medium text-primary underline-offset-4 hover:underline";

export function EmailLink({ email }: { email: string }) {
  return (
    <a href={`mailto:${email}`} className={linkClasses}>
      <Mail aria-hidden="true" className="size-4 shrink-0" />
      <span className="truncate">{email}</span>
    </a>
  );
}

export function PhoneLink({ phone }: { phone: string }) {
  return (
    <a href={`tel:${phone.replace(/[^\d+]/g, "")}`} className={linkClasses}>
      <Phone aria-hidden="true" className="size-4 shrink-0" />
      <span className="truncate">{phone}</span>
    </a>
  );
}

export function WebsiteLink({ url }: { url: string }) {
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className={linkClasses}>
      <Globe aria-hidden="true" className="size-4 shrink-0" />
      <span className="truncate">{url.replace(/^https?:\/\//, "").replace(/\/$/, "")}</span>
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
