import { useCallback, useState } from "react";
import { Outlet } from "react-router";
import { useUser } from "../../features/auth/api/current-user.ts";
import { useSessionCheck } from "../../features/auth/api/session-check.ts";
import { AppFooter } from "./app-footer.tsx";
import { AppHeader } from "./app-header.tsx";
import { MobileMenu } from "./mobile-menu.tsx";
import { SidebarContent } from "./sidebar.tsx";
import { StorageNotice } from "./storage-notice.tsx";
import { WelcomeDialog } from "./welcome-dialog.tsx";

/** The signed-in shell of spec §2. Rendered only under ProtectedRoute, so the user is known. */
export function AppLayout() {
  const { data: user } = useUser();
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const setMenuOpen = useCallback((open: boolean) => setIsMenuOpen(open), []);
  useSessionCheck();
  if (!user) return null;

  return (
    <div className="min-h-dvh lg:pl-72">
      <a
        href="#main-content"
        className="sr-only z-[60] rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to main content
      </a>
      <aside className="fixed inset-y-0 left-0 z-40 hidden w-72 lg:block">
        <SidebarContent user={user} />
      </aside>
      <MobileMenu user={user} isOpen={isMenuOpen} onOpenChange={setMenuOpen} />
      <div className="flex min-h-dvh min-w-0 flex-col">
        <AppHeader isMenuOpen={isMenuOpen} onOpenMenu={() => setIsMenuOpen(true)} />
        <StorageNotice />
        <main
          id="main-content"
          tabIndex={-1}
          className="flex-1 px-4 py-6 outline-none sm:px-6 sm:py-8 lg:px-8"
        >
          <div className="mx-auto w-full max-w-6xl">
            <Outlet />
          </div>
        </main>
        <AppFooter />
      </div>
      <WelcomeDialog userId={user.id} />
    </div>
  );
}
