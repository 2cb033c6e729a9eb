import { CalendarCheck, CreditCard, Download, type LucideIcon, ShieldCheck, Smartphone } from "lucide-react";

const badges: { icon: LucideIcon; label: string }[] = [
  { icon: CreditCard, label: "No credit card to start" },
  { icon: CalendarCheck, label: "Cancel anytime" },
  { icon: ShieldCheck, label: "Your data stays private" },
  { icon: Download, label: "Export everything, anytime" },
  { icon: Smartphone, label: "Works on phone and desktop" },
];

/** Promises the product keeps, shown as badges; no invented ratings or customer counts. */
export function TrustBadges() {
  return (
    <ul aria-label="Our promises" className="flex flex-wrap justify-center gap-3">
      {badges.map(({ icon: Icon, label }) => (
        <li
          key={label}
          className="inline-flex items-center gap-2 rounded-full border border-border bg-background px-4 py-2 text-sm font-medium shadow-card"
        >
          <Icon aria-hidden="true" className="size-4 text-primary" />
          {label}
        </li>
      ))}
    </ul>
  );
}
