import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { Controller, useForm } from "react-hook-form";
import { formatBytes } from "../../../../shared/file-size.ts";
import type { StoredFile } from "../../../../shared/schemas/files.ts";
import {
  type CreateShareLinkInput,
  createShareLinkSchema,
  type ShareLink,
} from "../../../../shared/schemas/share-links.ts";
import { Button } from "../../../components/ui/button.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { describeError } from "../../../lib/api.ts";
import { showServerFieldErrors } from "../../../lib/form-errors.ts";
import { formatShortDate } from "../../../lib/format.ts";
import { toast } from "../../../lib/toast.ts";
import { fetchEventPage } from "../../events/api/list-events.ts";
import { useCreateShareLink } from "../api/share-links.ts";

type Values = CreateShareLinkInput;
const selectClasses =
  "h-10 w-full rounded-md border border-input bg-card px-3 text-base text-foreground shadow-xs sm:text-sm";

/** Creates a media-kit link or a resources link (a chosen set of files, optionally for one event). */
export function ShareLinkForm({
  files,
  hasSlug,
  onCreated,
}: {
  files: StoredFile[];
  hasSlug: boolean;
  onCreated: (link: ShareLink) => void;
}) {
  const create = useCreateShareLink();
  const form = useForm<Values>({
    resolver: zodResolver(createShareLinkSchema),
    defaultValues: {
      kind: hasSlug ? "media_kit" : "resources",
      label: "",
      fileIds: [],
      eventId: null,
      expiresAt: null,
    },
  });
  const { errors } = form.formState;
  const kind = form.watch("kind");
  const events = useQuery({
    queryKey: ["/api/events", "share-link-choices"],
    queryFn: ({ signal }) => fetchEventPage({ sort: "-date" }, null, signal),
    enabled: kind === "resources",
  });

  const submit = form.handleSubmit((values) => {
    const input: CreateShareLinkInput = {
      kind: values.kind,
      label: values.label,
      // A datetime-local value is the speaker's local time; the server keeps an instant.
      expiresAt: values.expiresAt ? new Date(values.expiresAt).toISOString() : null,
      ...(values.kind === "resources" ? { fileIds: values.fileIds, eventId: values.eventId || null } : {}),
    };
    create.mutate(input, {
      onSuccess: (link) => {
        form.reset({ ...form.getValues(), label: "", fileIds: [], expiresAt: null });
        onCreated(link);
      },
      onError: (error) => {
        if (showServerFieldErrors(error, form.setError, ["label", "fileIds", "eventId", "expiresAt"])) return;
        toast({
          title: "Could not create the link",
          description: describeError(error, "Please try again."),
          variant: "destructive",
        });
      },
    });
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2" aria-label="New share link">
      <fieldset className="sm:col-span-2">
        <legend className="mb-1.5 text-sm font-medium">What to share</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          <label className="flex items-start gap-2 rounded-md border border-border p-3 text-sm">
            <input
              type="radio"
              value="media_kit"
              className="mt-0.5 size-4 accent-primary"
              {...form.register("kind")}
            />
            <span>
              <span className="font-medium">Media kit</span>
              <span className="block text-muted-foreground">
                Your headline, bio, topics, videos, testimonials, headshots and resources.
              </span>
            </span>
          </label>
          <label className="flex items-start gap-2 rounded-md border border-border p-3 text-sm">
            <input
              type="radio"
              value="resources"
              className="mt-0.5 size-4 accent-primary"
              {...form.register("kind")}
            />
            <span>
              <span className="font-medium">Files</span>
              <span className="block text-muted-foreground">
                Only the files you choose, e.g. for one event.
              </span>
            </span>
          </label>
        </div>
        {kind === "media_kit" && !hasSlug && (
          <p role="alert" className="mt-2 text-sm font-medium text-destructive">
            Choose your media kit's address (slug) in the Media kit tab and save it before sharing it.
          </p>
        )}
      </fieldset>
      <FormField
        label="Label"
        error={errors.label?.message}
        description="Who it is for, e.g. ACME sales kickoff"
      >
        <Input {...form.register("label")} />
      </FormField>
      <FormField
        label="Expires (optional)"
        error={errors.expiresAt?.message}
        description="Leave empty to keep the link until you revoke it."
      >
        <Input
          type="datetime-local"
          {...form.register("expiresAt", { setValueAs: (value) => value || null })}
        />
      </FormField>
      {kind === "resources" && (
        <>
          <Controller
            control={form.control}
            name="fileIds"
            render={({ field }) => {
              const chosen = field.value ?? [];
              return (
                <fieldset className="sm:col-span-2" aria-describedby="share-files-message">
                  <legend className="mb-1.5 text-sm font-medium">Files</legend>
                  {files.length === 0 ? (
                    <p className="text-sm text-muted-foreground">
                      Upload files in the Media kit tab first (resources or headshots).
                    </p>
                  ) : (
                    <ul className="grid gap-1">
                      {files.map((file) => (
                        <li key={file.id}>
                          <label className="flex min-h-9 items-center gap-2 text-sm">
                            <input
                              type="checkbox"
                              className="size-4 accent-primary"
                              checked={chosen.includes(file.id)}
                              onChange={(event) =>
                                field.onChange(
                                  event.target.checked
                                    ? [...chosen, file.id]
                                    : chosen.filter((id) => id !== file.id),
                                )
                              }
                            />
                            <span className="min-w-0 truncate">{file.filename}</span>
                            <span className="text-muted-foreground">{formatBytes(file.size)}</span>
                          </label>
                        </li>
                      ))}
                    </ul>
                  )}
                  {errors.fileIds?.message && (
                    <p id="share-files-message" role="alert" className="text-sm font-medium text-destructive">
                      {errors.fileIds.message}
                    </p>
                  )}
                </fieldset>
              );
            }}
          />
          <FormField label="For event (optional)" error={errors.eventId?.message}>
            <select
              className={selectClasses}
              {...form.register("eventId", { setValueAs: (value) => value || null })}
            >
              <option value="">No event</option>
              {events.data?.items.map((event) => (
                <option key={event.id} value={event.id}>
                  {event.title} · {formatShortDate(event.date)}
                </option>
              ))}
            </select>
          </FormField>
        </>
      )}
      <div className="sm:col-span-2">
        <Button type="submit" isLoading={create.isPending} className="w-full sm:w-auto">
          Create link
        </Button>
      </div>
    </form>
  );
}
