import { useEffect, useState } from "react";
import { Outlet, useLocation, useNavigate } from "react-router";
import { AnnouncementBanner } from "../../features/announcements/components/announcement-banner.tsx";
import { useUser } from "../../features/auth/api/current-user.ts";
import { useSessionCheck } from "../../features/auth/api/session-check.ts";
import { LapsedAccountGate } from "../../features/billing/components/lapsed-account-gate.tsx";
import { TrialBanner } from "../../features/billing/components/trial-banner.tsx";
import {
  SecondFactorGate,
  SecondFactorNotice,
} from "../../features/security/components/second-factor-gate.tsx";
import { takePendingJoin } from "../../features/team/pending-join.ts";
import { useTrackPages } from "../../lib/page-history.ts";
import { AppFooter } from "./app-footer.tsx";
import { AppHeader } from "./app-header.tsx";
import { MobileMenu, MobileMenuPanel } from "./mobile-menu.tsx";
import { SidebarContent } from "./sidebar.tsx";
import { StorageNotice } from "./storage-notice.tsx";
import { hasSeenWelcome, WelcomeDialog } from "./welcome-dialog.tsx";

/** The signed-in shell of spec §2. Rendered only under ProtectedRoute, so the user is known. */
export function AppLayout() {
  const { data: user } = useUser();
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  // The storage notice waits until the welcome dialog has been answered, so the two never stack.
  const [isWelcomeAnswered, setIsWelcomeAnswered] = useState(() => (user ? hasSeenWelcome(user.id) : false));
  useSessionCheck();
  useTrackPages();
  const navigate = useNavigate();
  // An invitation opened before signing in is taken up as soon as the app opens (join-page.tsx).
  useEffect(() => {
    const token = takePendingJoin();
    if (token) navigate(`/join/${token}`, { replace: true });
  }, [navigate]);
  const location = useLocation();
  if (!user) return null;
  // A speaker who requires a second factor: their member without one sees only the Security tab (DESIGN §11).
  // Right after signing in the cached user is the sign-in's answer, which names no workspace yet.
  const required = "workspace" in user && user.workspace.secondFactorRequired ? user.workspace.name : null;
  const isOnSecurityTab =
    location.pathname === "/account-settings" &&
    new URLSearchParams(location.search).get("tab") === "security";

  return (
    <MobileMenu isOpen={isMenuOpen} onOpenChange={setIsMenuOpen}>
      <div className="min-h-dvh lg:flex">
        <a
          href="#main-content"
          className="sr-only z-[60] rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          Skip to main content
        </a>
        {/* The column spans the page's full height; the sidebar inside it stays in view while scrolling. */}
        <aside className="hidden w-72 shrink-0 bg-sidebar lg:block">
          <div className="sticky top-0 h-dvh">
            <SidebarContent user={user} />
          </div>
        </aside>
        <MobileMenuPanel user={user} />
        <div className="flex min-h-dvh min-w-0 flex-1 flex-col">
          <AppHeader />
          <AnnouncementBanner />
          <TrialBanner />
          {isWelcomeAnswered && <StorageNotice />}
          <main
            id="main-content"
            tabIndex={-1}
            className="flex-1 px-4 py-6 outline-none sm:px-6 sm:py-8 lg:px-8"
          >
            <div className="mx-auto w-full max-w-6xl">
              {required !== null && isOnSecurityTab && <SecondFactorNotice speakerName={required} />}
              {required !== null && !isOnSecurityTab ? (
                <SecondFactorGate speakerName={required} />
              ) : (
                <Outlet />
              )}
            </div>
          </main>
          <AppFooter />
        </div>
        <WelcomeDialog userId={user.id} onAnswered={() => setIsWelcomeAnswered(true)} />
        <LapsedAccountGate user={user} />
      </div>
    </MobileMenu>
  );
}
