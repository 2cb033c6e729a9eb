import { zodResolver } from "@hookform/resolvers/zod";
import { Controller, type FieldPath, useFieldArray, useForm } from "react-hook-form";
import {
  type MediaKit,
  type MediaKitInput,
  type MediaKitUpdate,
  mediaKitInputSchema,
  TOPIC_FORMAT_LABELS,
  TOPIC_FORMATS,
} from "../../../../shared/schemas/media-kit.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { ControlledMoneyInput } from "../../../components/ui/money-input.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { describeError } from "../../../lib/api.ts";
import { showServerFieldErrors } from "../../../lib/form-errors.ts";
import { toast } from "../../../lib/toast.ts";
import { useSaveMediaKit } from "../api/media-kit.ts";
import { FormList } from "./form-list.tsx";

type Values = MediaKitInput;

const LINK_FIELDS = [
  { name: "website", label: "Website" },
  { name: "linkedin", label: "LinkedIn" },
  { name: "youtube", label: "YouTube channel" },
  { name: "instagram", label: "Instagram" },
  { name: "x", label: "X" },
] as const;

const SERVER_FIELDS: FieldPath<Values>[] = ["slug", "headline", "shortBio", "longBio", "travelsFrom"];

function toFormValues(kit: MediaKit): Values {
  const text = (value: string | null) => value ?? "";
  return {
    slug: text(kit.slug),
    headline: text(kit.headline),
    shortBio: text(kit.shortBio),
    longBio: text(kit.longBio),
    topics: kit.topics.map((topic) => ({
      title: topic.title,
      description: text(topic.description),
      formats: topic.formats,
      audiences: text(topic.audiences),
    })),
    feeRange: { from: kit.feeRange?.from ?? null, to: kit.feeRange?.to ?? null },
    travelsFrom: text(kit.travelsFrom),
    videos: kit.videos.map((video) => ({ title: text(video.title), url: video.url })),
    testimonials: kit.testimonials.map((t) => ({
      quote: t.quote,
      author: t.author,
      role: text(t.role),
      organization: text(t.organization),
    })),
    links: Object.fromEntries(LINK_FIELDS.map(({ name }) => [name, text(kit.links[name])])),
  };
}

/**
 * The media kit's words (DESIGN §10), saved as a whole. Headshots and resources are saved as they are
 * uploaded (MediaKitFiles), so this form sends the kit's current files with its own fields.
 */
export function MediaKitForm({ kit, appOrigin }: { kit: MediaKit; appOrigin: string }) {
  const save = useSaveMediaKit();
  const form = useForm<Values, unknown, MediaKitUpdate>({
    resolver: zodResolver(mediaKitInputSchema),
    mode: "onBlur",
    defaultValues: toFormValues(kit),
  });
  const { errors } = form.formState;
  const { register, control } = form;
  const topics = useFieldArray({ control, name: "topics" });
  const videos = useFieldArray({ control, name: "videos" });
  const testimonials = useFieldArray({ control, name: "testimonials" });

  const submit = form.handleSubmit((values) =>
    save.mutate(
      { ...values, headshotFileIds: kit.headshotFileIds, resourceFileIds: kit.resourceFileIds },
      {
        onSuccess: (saved) => {
          form.reset(toFormValues(saved));
          toast({ title: "Media kit saved", description: "Every link to it shows the new version." });
        },
        onError: (error) => {
          if (showServerFieldErrors(error, form.setError, SERVER_FIELDS)) return;
          toast({
            title: "Could not save your media kit",
            description: describeError(error, "Please try again."),
            variant: "destructive",
          });
        },
      },
    ),
  );

  return (
    <form noValidate onSubmit={submit} className="grid gap-6" aria-label="Media kit">
      <Card>
        <CardHeader>
          <CardTitle className="text-base">Address and headline</CardTitle>
          <CardDescription>
            Your media kit's address is {appOrigin}/share/<em>your-address</em>/… Changing it later keeps
            every link you have sent working.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <FormField
            label="Address (slug)"
            error={errors.slug?.message}
            description="Lowercase letters, digits and hyphens, e.g. jane-doe"
          >
            <Input autoCapitalize="none" spellCheck={false} {...register("slug")} />
          </FormField>
          <FormField label="Headline" error={errors.headline?.message}>
            <Input {...register("headline")} />
          </FormField>
          <FormField label="Short bio" error={errors.shortBio?.message} className="sm:col-span-2">
            <Textarea rows={3} {...register("shortBio")} />
          </FormField>
          <FormField label="Long bio" error={errors.longBio?.message} className="sm:col-span-2">
            <Textarea rows={8} {...register("longBio")} />
          </FormField>
        </CardContent>
      </Card>

      <FormList
        title="Topics"
        description="What you speak about, in which formats and for whom."
        noun="topic"
        count={topics.fields.length}
        max={20}
        keyOf={(index) => topics.fields[index]!.id}
        onAdd={() => topics.append({ title: "", description: "", formats: [], audiences: "" })}
        onRemove={topics.remove}
        renderItem={(index) => (
          <>
            <FormField label="Title" error={errors.topics?.[index]?.title?.message}>
              <Input {...register(`topics.${index}.title`)} />
            </FormField>
            <FormField label="Audiences" error={errors.topics?.[index]?.audiences?.message}>
              <Input placeholder="Sales teams, HR leaders" {...register(`topics.${index}.audiences`)} />
            </FormField>
            <FormField
              label="Description"
              error={errors.topics?.[index]?.description?.message}
              className="sm:col-span-2"
            >
              <Textarea rows={3} {...register(`topics.${index}.description`)} />
            </FormField>
            <Controller
              control={control}
              name={`topics.${index}.formats`}
              render={({ field }) => (
                <fieldset className="sm:col-span-2">
                  <legend className="mb-1.5 text-sm font-medium">Formats</legend>
                  <div className="flex flex-wrap gap-x-4 gap-y-2">
                    {TOPIC_FORMATS.map((format) => {
                      const chosen = field.value ?? [];
                      return (
                        <label key={format} className="flex min-h-8 items-center gap-2 text-sm">
                          <input
                            type="checkbox"
                            className="size-4 accent-primary"
                            checked={chosen.includes(format)}
                            onChange={(event) =>
                              field.onChange(
                                event.target.checked
                                  ? [...chosen, format]
                                  : chosen.filter((value) => value !== format),
                              )
                            }
                          />
                          {TOPIC_FORMAT_LABELS[format]}
                        </label>
                      );
                    })}
                  </div>
                </fieldset>
              )}
            />
          </>
        )}
      />

      <Card>
        <CardHeader>
          <CardTitle className="text-base">Fees and travel</CardTitle>
          <CardDescription>Shown to planners you share your media kit with.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-3">
          <FormField label="Fee from" error={errors.feeRange?.from?.message}>
            <ControlledMoneyInput control={control} name="feeRange.from" />
          </FormField>
          <FormField label="Fee to" error={errors.feeRange?.to?.message}>
            <ControlledMoneyInput control={control} name="feeRange.to" />
          </FormField>
          <FormField label="Travels from" error={errors.travelsFrom?.message}>
            <Input placeholder="Denver, CO" {...register("travelsFrom")} />
          </FormField>
        </CardContent>
      </Card>

      <FormList
        title="Videos"
        description="YouTube or Vimeo links. Planners see a player only when they choose to play a video."
        noun="video"
        count={videos.fields.length}
        max={10}
        keyOf={(index) => videos.fields[index]!.id}
        onAdd={() => videos.append({ title: "", url: "" })}
        onRemove={videos.remove}
        renderItem={(index) => (
          <>
            <FormField label="YouTube or Vimeo link" error={errors.videos?.[index]?.url?.message}>
              <Input
                type="url"
                placeholder="https://www.youtube.com/watch?v=…"
                {...register(`videos.${index}.url`)}
              />
            </FormField>
            <FormField label="Video title" error={errors.videos?.[index]?.title?.message}>
              <Input {...register(`videos.${index}.title`)} />
            </FormField>
          </>
        )}
      />

      <FormList
        title="Testimonials"
        description="What organizers and attendees said about your talks."
        noun="testimonial"
        count={testimonials.fields.length}
        max={20}
        keyOf={(index) => testimonials.fields[index]!.id}
        onAdd={() => testimonials.append({ quote: "", author: "", role: "", organization: "" })}
        onRemove={testimonials.remove}
        renderItem={(index) => (
          <>
            <FormField
              label="Quote"
              error={errors.testimonials?.[index]?.quote?.message}
              className="sm:col-span-2"
            >
              <Textarea rows={3} {...register(`testimonials.${index}.quote`)} />
            </FormField>
            <FormField label="Author" error={errors.testimonials?.[index]?.author?.message}>
              <Input {...register(`testimonials.${index}.author`)} />
            </FormField>
            <FormField label="Role" error={errors.testimonials?.[index]?.role?.message}>
              <Input {...register(`testimonials.${index}.role`)} />
            </FormField>
            <FormField
              label="Organization"
              error={errors.testimonials?.[index]?.organization?.message}
              className="sm:col-span-2"
            >
              <Input {...register(`testimonials.${index}.organization`)} />
            </FormField>
          </>
        )}
      />

      <Card>
        <CardHeader>
          <CardTitle className="text-base">Links</CardTitle>
          <CardDescription>Where planners can see more of you.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          {LINK_FIELDS.map(({ name, label }) => (
            <FormField key={name} label={label} error={errors.links?.[name]?.message}>
              <Input type="url" placeholder="https://" {...register(`links.${name}`)} />
            </FormField>
          ))}
        </CardContent>
      </Card>

      <div className="flex justify-end">
        <Button type="submit" size="lg" isLoading={save.isPending} className="w-full sm:w-auto">
          Save media kit
        </Button>
      </div>
    </form>
  );
}
