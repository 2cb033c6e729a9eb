import { Globe, Mail, MapPin, Phone } from "lucide-react";
import type { SpeakerProfileInput } from "../../../../shared/schemas/profile.ts";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { joinPresent } from "../../../lib/format.ts";
import { formatDollars } from "../../../lib/money.ts";

/** The profile as it reads while being edited: what the sidebar and shared materials will show. */
export function ProfilePreview({ values }: { values: SpeakerProfileInput }) {
  const name = values.name?.trim() || "Your name";
  const place = joinPresent([values.city, values.state]);
  const lines = [
    { key: "email", icon: Mail, text: values.email },
    { key: "phone", icon: Phone, text: values.phone },
    { key: "website", icon: Globe, text: values.website?.replace(/^https?:\/\//, "") },
    { key: "place", icon: MapPin, text: place },
  ].filter((line) => line.text?.trim());
  const goal =
    typeof values.annualGoal === "number" && !Number.isNaN(values.annualGoal) ? values.annualGoal : null;

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">How you appear</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex items-center gap-3">
          <span
            aria-hidden="true"
            className="flex size-12 shrink-0 items-center justify-center rounded-full bg-sidebar text-lg font-semibold text-white"
          >
            {name.charAt(0).toUpperCase()}
          </span>
          <div className="grid min-w-0">
            <span className="truncate font-semibold">{name}</span>
            <span className="truncate text-sm text-muted-foreground">
              {values.title?.trim() || "Professional Speaker"}
            </span>
            {values.businessName?.trim() && <span className="truncate text-sm">{values.businessName}</span>}
          </div>
        </div>
        {lines.length > 0 && (
          <ul className="grid gap-1.5 text-sm text-muted-foreground">
            {lines.map(({ key, icon: Icon, text }) => (
              <li key={key} className="flex min-w-0 items-center gap-2">
                <Icon aria-hidden="true" className="size-4 shrink-0" />
                <span className="truncate">{text}</span>
              </li>
            ))}
          </ul>
        )}
        <p className="border-t border-border pt-3 text-sm text-muted-foreground">
          Annual goal:{" "}
          <span className="font-semibold text-foreground">
            {goal === null ? "not set" : formatDollars(goal)}
          </span>
        </p>
      </CardContent>
    </Card>
  );
}
