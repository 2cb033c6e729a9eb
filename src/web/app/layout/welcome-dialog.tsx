import { Compass, Rocket } from "lucide-react";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog.tsx";
import { readStored, welcomeSeenKey, writeStored } from "../../lib/local-storage.ts";
import { useToasts } from "../../lib/toast.ts";

/** Spec §2/§9: shown 1.5 s after sign-in, once per user (remembered in localStorage). */
export const WELCOME_DIALOG_DELAY_MS = 1500;

/** Whether this user has answered the welcome dialog (the storage notice waits for it). */
export function hasSeenWelcome(userId: string) {
  return readStored(welcomeSeenKey(userId)) !== null;
}

/**
 * One thing at a time on the first screen: the dialog waits until the sign-up toast has gone (then its
 * 1.5 s), and `onAnswered` lets the storage notice follow it.
 */
export function WelcomeDialog({ userId, onAnswered }: { userId: string; onAnswered: () => void }) {
  const [isOpen, setIsOpen] = useState(false);
  const navigate = useNavigate();
  const isToastShown = useToasts().some((item) => item.open);

  useEffect(() => {
    if (isOpen || isToastShown || hasSeenWelcome(userId)) return;
    const timer = setTimeout(() => setIsOpen(true), WELCOME_DIALOG_DELAY_MS);
    return () => clearTimeout(timer);
  }, [userId, isOpen, isToastShown]);

  const close = (destination?: string) => {
    writeStored(welcomeSeenKey(userId), new Date().toISOString());
    setIsOpen(false);
    onAnswered();
    if (destination) navigate(destination);
  };

  return (
    <Dialog open={isOpen} onOpenChange={(open) => !open && close()}>
      <DialogContent>
        <DialogHeader>
          <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary">
            <Rocket aria-hidden="true" className="size-6" />
          </span>
          <DialogTitle>Welcome to Podium</DialogTitle>
          <DialogDescription>
            Podium keeps your events, clients and bureau partners in one place, so you spend less time on
            admin and more on stage. The Quick Start tutorial sets up the essentials in about 15 minutes.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => close()}>
            <Compass aria-hidden="true" />
            Explore on My Own
          </Button>
          <Button onClick={() => close("/tutorials?focus=essential-setup")}>
            <Rocket aria-hidden="true" />
            Quick Start
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
