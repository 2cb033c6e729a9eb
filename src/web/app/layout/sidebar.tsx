import { LogOut } from "lucide-react";
import { Link, NavLink } from "react-router";
import type { User } from "../../../shared/schemas/auth.ts";
import { Button } from "../../components/ui/button.tsx";
import { useLogout } from "../../features/auth/api/use-logout.ts";
import { BrandMark } from "../../features/landing/components/brand-mark.tsx";
import { useSpeakerProfile } from "../../features/profile/api/speaker-profile.ts";
import { cn } from "../../lib/cn.ts";
import { listNavigationGroups } from "./navigation.ts";

/** The sidebar's content: logo, navigation groups, the speaker's name and title, and Sign Out. */
export function SidebarContent({ user }: { user: User }) {
  const { data: profile } = useSpeakerProfile();
  const logout = useLogout();
  const name = profile?.name?.trim() || user.username;
  const title = profile?.title?.trim() || "Professional Speaker";
  return (
    <div className="flex h-full flex-col bg-sidebar text-sidebar-foreground">
      <div className="flex h-16 shrink-0 items-center px-5">
        <Link to="/" className="rounded-md" aria-label="Podium dashboard">
          <BrandMark tone="light" />
        </Link>
      </div>
      <nav aria-label="Main" className="flex-1 overflow-y-auto px-3 py-4">
        {listNavigationGroups(user.isAdmin).map((group) => (
          <div key={group.label} className="mb-6">
            <h2 className="px-3 pb-2 text-xs font-semibold tracking-wider text-sidebar-muted uppercase">
              {group.label}
            </h2>
            <ul className="grid gap-0.5">
              {group.items.map(({ label, to, icon: Icon }) => (
                <li key={to}>
                  <NavLink
                    to={to}
                    end={to === "/" || to === "/admin"}
                    className={({ isActive }) =>
                      cn(
                        "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-white",
                        isActive
                          ? "bg-white/12 text-white"
                          : "text-sidebar-foreground hover:bg-white/8 hover:text-white",
                      )
                    }
                  >
                    <Icon aria-hidden="true" className="size-4.5 shrink-0" />
                    {label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
      <div className="border-t border-sidebar-border p-4">
        <div className="flex items-center gap-3 px-1 pb-3">
          <span
            aria-hidden="true"
            className="flex size-9 shrink-0 items-center justify-center rounded-full bg-sidebar-accent text-sm font-semibold text-white"
          >
            {name.charAt(0).toUpperCase()}
          </span>
          <div className="grid min-w-0">
            <span className="truncate text-sm font-semibold text-white">{name}</span>
            <span className="truncate text-xs text-sidebar-muted">{title}</span>
          </div>
        </div>
        <Button
          variant="ghost"
          className="w-full justify-start text-sidebar-foreground hover:bg-white/8 hover:text-white focus-visible:outline-white"
          isLoading={logout.isPending}
          onClick={() => logout.mutate()}
        >
          {!logout.isPending && <LogOut aria-hidden="true" />}
          Sign Out
        </Button>
      </div>
    </div>
  );
}
