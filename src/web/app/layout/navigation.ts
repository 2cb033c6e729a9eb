import {
  CalendarDays,
  CalendarRange,
  ChartColumn,
  CircleHelp,
  FileSignature,
  GraduationCap,
  LayoutDashboard,
  type LucideIcon,
  Megaphone,
  MessageSquareText,
  Quote,
  ReceiptText,
  Settings,
  ShieldCheck,
  UserRound,
  Users,
  Wallet,
} from "lucide-react";

export type NavigationItem = { label: string; to: string; icon: LucideIcon };
export type NavigationGroup = { label: string; items: NavigationItem[] };

/** The sidebar of spec §2; the Admin group is added for admins only. */
export function listNavigationGroups(isAdmin: boolean): NavigationGroup[] {
  const groups: NavigationGroup[] = [
    {
      label: "Management",
      items: [
        { label: "Dashboard", to: "/", icon: LayoutDashboard },
        { label: "Events", to: "/events", icon: CalendarDays },
        { label: "Calendar", to: "/calendar", icon: CalendarRange },
        { label: "Clients", to: "/clients", icon: Users },
        { label: "Contracts", to: "/contracts", icon: FileSignature },
        { label: "Invoices", to: "/invoices", icon: ReceiptText },
        { label: "Expenses", to: "/expenses", icon: Wallet },
        { label: "Insights", to: "/insights", icon: ChartColumn },
        { label: "Testimonials", to: "/testimonials", icon: Quote },
      ],
    },
    {
      label: "Settings",
      items: [
        { label: "Profile", to: "/profile", icon: UserRound },
        { label: "Tutorials", to: "/tutorials", icon: GraduationCap },
        { label: "Account Settings", to: "/account-settings", icon: Settings },
        { label: "FAQ", to: "/faq", icon: CircleHelp },
        { label: "Feedback", to: "/feedback", icon: MessageSquareText },
      ],
    },
  ];
  if (isAdmin) {
    groups.push({
      label: "Admin",
      items: [
        { label: "Admin Dashboard", to: "/admin", icon: ShieldCheck },
        { label: "Announcements", to: "/admin/announcements", icon: Megaphone },
      ],
    });
  }
  return groups;
}
