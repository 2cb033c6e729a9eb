import * as DialogPrimitive from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { type ReactNode, useEffect } from "react";
import { useLocation } from "react-router";
import type { User } from "../../../shared/schemas/auth.ts";
import { overlayClasses } from "../../components/ui/dialog.tsx";
import { cn } from "../../lib/cn.ts";
import { SidebarContent } from "./sidebar.tsx";

/** Spec §9: below this width the sidebar becomes a slide-in menu. */
export const MOBILE_BREAKPOINT_PX = 1024;

type MobileMenuProps = { isOpen: boolean; onOpenChange: (open: boolean) => void; children: ReactNode };

/**
 * The sidebar as a slide-in panel with an overlay, for screens under 1024 px. Wraps the layout so that
 * MobileMenuTrigger (in the header) and MobileMenuPanel share its state: focus is trapped while open and
 * returns to the toggle; it closes on Escape, on the overlay, on navigation, and on growing to desktop.
 */
export function MobileMenu({ isOpen, onOpenChange, children }: MobileMenuProps) {
  const { pathname, search } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: close whenever the location changes
  useEffect(() => onOpenChange(false), [pathname, search]);

  useEffect(() => {
    const desktop = window.matchMedia(`(min-width: ${MOBILE_BREAKPOINT_PX}px)`);
    const closeOnDesktop = () => desktop.matches && onOpenChange(false);
    desktop.addEventListener("change", closeOnDesktop);
    return () => desktop.removeEventListener("change", closeOnDesktop);
  }, [onOpenChange]);

  return (
    <DialogPrimitive.Root open={isOpen} onOpenChange={onOpenChange}>
      {children}
    </DialogPrimitive.Root>
  );
}

export const MobileMenuTrigger = DialogPrimitive.Trigger;

export function MobileMenuPanel({ user }: { user: User }) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay
        data-testid="mobile-menu-overlay"
        className={cn(overlayClasses, "lg:hidden")}
      />
      <DialogPrimitive.Content
        aria-describedby={undefined}
        className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] shadow-overlay data-[state=open]:animate-slide-in-left lg:hidden"
      >
        <DialogPrimitive.Title className="sr-only">Menu</DialogPrimitive.Title>
        <SidebarContent user={user} />
        <DialogPrimitive.Close className="absolute top-4 right-3 rounded-md p-1.5 text-sidebar-foreground hover:bg-white/10 focus-visible:outline-white">
          <X aria-hidden="true" className="size-5" />
          <span className="sr-only">Close menu</span>
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
