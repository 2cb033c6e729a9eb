import { Menu } from "lucide-react";
import { Button } from "../../components/ui/button.tsx";
import { UniversalSearch } from "../../features/search/components/universal-search.tsx";
import { WorkspaceSwitcher } from "../../features/team/components/workspace-switcher.tsx";
import { MobileMenuTrigger } from "./mobile-menu.tsx";

/** The signed-in header: the menu toggle (under 1024 px), the universal search and whose book it is. */
export function AppHeader() {
  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b border-border bg-card/95 px-3 backdrop-blur sm:gap-3 sm:px-6 lg:px-8">
      <MobileMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="lg:hidden" aria-label="Open menu">
          <Menu aria-hidden="true" />
        </Button>
      </MobileMenuTrigger>
      <UniversalSearch className="min-w-0 max-w-xl" />
      <WorkspaceSwitcher />
    </header>
  );
}
