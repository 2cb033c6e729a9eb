import { type FormEvent, type ReactElement, useState } from "react";
import { EMAIL_MAX } from "../../../../shared/schemas/auth.ts";
import {
  CONTACT_MESSAGE_MAX,
  CONTACT_NAME_MAX,
  type ContactMessageInput,
} from "../../../../shared/schemas/contact.ts";
import { Button } from "../../../components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "../../../components/ui/dialog.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { toast } from "../../../lib/toast.ts";
import { useSendContactMessage } from "../api/use-send-contact-message.ts";

const EMPTY_MESSAGE: ContactMessageInput = { name: "", email: "", message: "" };

type ContactDialogProps = {
  /** The element that opens the dialog; a "Contact Us" link-styled button unless given. */
  trigger?: ReactElement;
  /** Opens at once (the landing page mounts the dialog only when its button is first pressed). */
  defaultOpen?: boolean;
};

/** The spec's Contact Us dialog (§2, §5, §8), used by the landing footer and the signed-in footer. */
export function ContactDialog({ trigger, defaultOpen = false }: ContactDialogProps) {
  const [isOpen, setIsOpen] = useState(defaultOpen);
  const [draft, setDraft] = useState(EMPTY_MESSAGE);
  const sendMessage = useSendContactMessage({
    onSuccess: () => {
      setDraft(EMPTY_MESSAGE);
      setIsOpen(false);
    },
  });

  function update(field: keyof ContactMessageInput, value: string) {
    setDraft((current) => ({ ...current, [field]: value }));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const message = {
      name: draft.name.trim(),
      email: draft.email.trim(),
      message: draft.message.trim(),
    };
    if (!message.name || !message.email || !message.message) {
      toast({
        title: "Missing Information",
        description: "Please fill in all fields before sending.",
        variant: "destructive",
      });
      return;
    }
    sendMessage.mutate(message);
  }

  return (
    <Dialog open={isOpen} onOpenChange={setIsOpen}>
      <DialogTrigger asChild>
        {trigger ?? (
          <Button variant="link" className="h-auto p-0">
            Contact Us
          </Button>
        )}
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Contact Us</DialogTitle>
          <DialogDescription>
            A question, an idea or a problem with your account? Send us a message and we will reply by e-mail.
          </DialogDescription>
        </DialogHeader>
        {/* noValidate: the spec's "Missing Information" toast replaces the browser's own bubbles. */}
        <form noValidate onSubmit={submit} className="grid gap-4">
          <FormField label="Name">
            <Input
              name="name"
              autoComplete="name"
              maxLength={CONTACT_NAME_MAX}
              value={draft.name}
              onChange={(event) => update("name", event.target.value)}
            />
          </FormField>
          <FormField label="Email">
            <Input
              name="email"
              type="email"
              autoComplete="email"
              maxLength={EMAIL_MAX}
              value={draft.email}
              onChange={(event) => update("email", event.target.value)}
            />
          </FormField>
          <FormField label="Message">
            <Textarea
              name="message"
              rows={5}
              maxLength={CONTACT_MESSAGE_MAX}
              value={draft.message}
              onChange={(event) => update("message", event.target.value)}
            />
          </FormField>
          <DialogFooter>
            <Button variant="outline" onClick={() => setIsOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" isLoading={sendMessage.isPending}>
              Send Message
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
