import type { ReactNode } from "react";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog.tsx";
import { useForgotPassword } from "../api/use-forgot-password.ts";
import { useRecoverUsername } from "../api/use-recover-username.ts";
import type { AuthMode } from "./auth-mode.ts";
import { EmailRequestForm } from "./email-request-form.tsx";
import { LoginForm } from "./login-form.tsx";
import { ModeLink } from "./mode-link.tsx";
import { RegisterForm } from "./register-form.tsx";

type AuthModalProps = {
  mode: AuthMode | null;
  onModeChange: (mode: AuthMode | null) => void;
};

const headings: Record<AuthMode, { title: string; description: string }> = {
  login: { title: "Welcome back", description: "Sign in to your Podium account." },
  register: { title: "Start your free trial", description: "30 days free. No credit card required." },
  "forgot-password": {
    title: "Reset your password",
    description: "Enter your account's e-mail address and we will send you a link to choose a new password.",
  },
  "recover-username": {
    title: "Recover your username",
    description: "Enter your account's e-mail address and we will send you your username.",
  },
};

/** The sign-in modal with its four modes and the links between them (spec §4); closed when `mode` is null. */
export function AuthModal({ mode, onModeChange }: AuthModalProps) {
  return (
    <Dialog open={mode !== null} onOpenChange={(isOpen) => !isOpen && onModeChange(null)}>
      <DialogContent className="sm:max-w-md">
        {mode && (
          <>
            <DialogHeader>
              <DialogTitle className="text-2xl">{headings[mode].title}</DialogTitle>
              <DialogDescription>{headings[mode].description}</DialogDescription>
            </DialogHeader>
            <AuthModeForm key={mode} mode={mode} onModeChange={onModeChange} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** The form of one mode, with the links to the others (the modal's body; the join page's sign-in). */
export function AuthModeForm({
  mode,
  onModeChange,
}: {
  mode: AuthMode;
  onModeChange: (mode: AuthMode) => void;
}) {
  const backToSignIn = () => onModeChange("login");
  const forgotPassword = useForgotPassword({ onSuccess: backToSignIn });
  const recoverUsername = useRecoverUsername({ onSuccess: backToSignIn });

  switch (mode) {
    case "login":
      return <LoginForm onModeChange={onModeChange} />;
    case "register":
      return (
        <ModeFooter prompt="Already have an account?" link="Sign in" onClick={backToSignIn}>
          <RegisterForm submitLabel="Create My Account" />
        </ModeFooter>
      );
    case "forgot-password":
      return (
        <ModeFooter prompt="Remembered it?" link="Back to sign in" onClick={backToSignIn}>
          <EmailRequestForm request={forgotPassword} submitLabel="Send Reset Link" />
        </ModeFooter>
      );
    case "recover-username":
      return (
        <ModeFooter prompt="Remembered it?" link="Back to sign in" onClick={backToSignIn}>
          <EmailRequestForm request={recoverUsername} submitLabel="Send My Username" />
        </ModeFooter>
      );
  }
}

type ModeFooterProps = { prompt: string; link: string; onClick: () => void; children: ReactNode };

function ModeFooter({ prompt, link, onClick, children }: ModeFooterProps) {
  return (
    <div className="grid gap-4">
      {children}
      <p className="text-center text-sm text-muted-foreground">
        {prompt} <ModeLink onClick={onClick}>{link}</ModeLink>
      </p>
    </div>
  );
}
