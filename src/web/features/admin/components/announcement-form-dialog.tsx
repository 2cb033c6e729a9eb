import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import {
  ANNOUNCEMENT_AUDIENCE_LABELS,
  ANNOUNCEMENT_AUDIENCES,
  ANNOUNCEMENT_BODY_MAX,
  ANNOUNCEMENT_TITLE_MAX,
  type Announcement,
  announcementInputSchema,
} from "../../../../shared/schemas/announcements.ts";
import { Button } from "../../../components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Select } from "../../../components/ui/select.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { describeError } from "../../../lib/api.ts";
import { showServerFieldErrors } from "../../../lib/form-errors.ts";
import { toast } from "../../../lib/toast.ts";
import { SafeMarkdown } from "../../announcements/components/safe-markdown.tsx";
import { useSaveAnnouncement } from "../api/announcements.ts";

type FormInput = z.input<typeof announcementInputSchema>;
type FormOutput = z.output<typeof announcementInputSchema>;

/** An instant as the value of a datetime-local input, in this browser's time zone. */
function toLocalInput(iso: string | null): string {
  if (!iso) return "";
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

function valuesOf(announcement?: Announcement): FormInput {
  return {
    title: announcement?.title ?? "",
    body: announcement?.body ?? "",
    severity: announcement?.severity ?? "info",
    audience: announcement?.audience ?? "all",
    startsAt: toLocalInput(announcement?.startsAt ?? null),
    endsAt: toLocalInput(announcement?.endsAt ?? null),
  };
}

type Props = { open: boolean; onOpenChange: (open: boolean) => void; announcement?: Announcement };

/** Writes or edits an announcement, with a live preview of the banner's Markdown. */
export function AnnouncementFormDialog({ open, onOpenChange, announcement }: Props) {
  const save = useSaveAnnouncement();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(announcementInputSchema),
    mode: "onBlur",
    values: valuesOf(announcement),
  });
  const { errors } = form.formState;
  const [title, body] = useWatch({ control: form.control, name: ["title", "body"] });

  const submit = form.handleSubmit((input) =>
    save.mutate(
      { id: announcement?.id, input },
      {
        onSuccess: () => {
          toast({ title: announcement ? "Announcement saved" : "Announcement created" });
          onOpenChange(false);
          form.reset();
        },
        onError: (error) => {
          const fields = ["title", "body", "severity", "audience", "startsAt", "endsAt"] as const;
          if (showServerFieldErrors(error, form.setError, fields)) return;
          toast({
            title: "Error",
            description: describeError(error, "The announcement could not be saved"),
            variant: "destructive",
          });
        },
      },
    ),
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{announcement ? "Edit announcement" : "New announcement"}</DialogTitle>
          <DialogDescription>
            Shown as a banner at the top of the signed-in area until each speaker dismisses it.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <FormField label="Title" error={errors.title?.message}>
            <Input maxLength={ANNOUNCEMENT_TITLE_MAX} {...form.register("title")} />
          </FormField>
          <FormField
            label="Message"
            description="Markdown: **bold**, *italic*, [links](https://…) and lists. HTML is not shown."
            error={errors.body?.message}
          >
            <Textarea rows={5} maxLength={ANNOUNCEMENT_BODY_MAX} {...form.register("body")} />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Severity" error={errors.severity?.message}>
              <Select {...form.register("severity")}>
                <option value="info">Info</option>
                <option value="warning">Warning</option>
              </Select>
            </FormField>
            <FormField label="Audience" error={errors.audience?.message}>
              <Select {...form.register("audience")}>
                {ANNOUNCEMENT_AUDIENCES.map((audience) => (
                  <option key={audience} value={audience}>
                    {ANNOUNCEMENT_AUDIENCE_LABELS[audience]}
                  </option>
                ))}
              </Select>
            </FormField>
            <FormField label="Starts" description="Blank: right away." error={errors.startsAt?.message}>
              <Input type="datetime-local" {...form.register("startsAt")} />
            </FormField>
            <FormField label="Ends" description="Blank: until you delete it." error={errors.endsAt?.message}>
              <Input type="datetime-local" {...form.register("endsAt")} />
            </FormField>
          </div>
          <section aria-label="Preview" className="grid gap-1.5">
            <h3 className="text-sm font-medium">Preview</h3>
            <div className="rounded-md border border-border bg-primary-soft px-4 py-3">
              <p className="text-sm font-semibold">{title || "Title"}</p>
              <SafeMarkdown>{body || "Your message"}</SafeMarkdown>
            </div>
          </section>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" isLoading={save.isPending}>
              {announcement ? "Save" : "Create announcement"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
