import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import {
  type SpeakerProfile,
  type SpeakerProfileInput,
  type SpeakerProfileUpdate,
  speakerProfileInputSchema,
} from "../../../../shared/schemas/profile.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { ControlledMoneyInput } from "../../../components/ui/money-input.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { describeError } from "../../../lib/api.ts";
import { showServerFieldErrors } from "../../../lib/form-errors.ts";
import { toast } from "../../../lib/toast.ts";
import { useSaveSpeakerProfile } from "../api/save-speaker-profile.ts";
import { ProfilePreview } from "./profile-preview.tsx";

type TextField = Exclude<keyof SpeakerProfileInput, "annualGoal">;
type FieldSpec = { name: TextField; label: string; type?: string; autoComplete?: string; wide?: boolean };

const SECTIONS: { title: string; description: string; fields: FieldSpec[] }[] = [
  {
    title: "About you",
    description: "Your name and title appear in the sidebar and on what you share with planners.",
    fields: [
      { name: "name", label: "Name", autoComplete: "name" },
      { name: "title", label: "Title", autoComplete: "organization-title" },
      { name: "businessName", label: "Business name", autoComplete: "organization", wide: true },
    ],
  },
  {
    title: "Contact",
    description: "How planners and clients reach you.",
    fields: [
      { name: "email", label: "Email", type: "email", autoComplete: "email" },
      { name: "phone", label: "Phone", type: "tel", autoComplete: "tel" },
      { name: "website", label: "Website", type: "url", autoComplete: "url", wide: true },
      { name: "address", label: "Address", autoComplete: "street-address", wide: true },
      { name: "city", label: "City", autoComplete: "address-level2" },
      { name: "state", label: "State", autoComplete: "address-level1" },
      { name: "zipCode", label: "Zip code", autoComplete: "postal-code" },
    ],
  },
];
const FIELD_NAMES = [
  ...SECTIONS.flatMap((section) => section.fields.map((field) => field.name)),
  "bio",
  "annualGoal",
] as const;

function toFormValues(profile: SpeakerProfile): SpeakerProfileInput {
  const { annualGoal, ...text } = profile;
  return {
    ...Object.fromEntries(Object.entries(text).map(([name, value]) => [name, value ?? ""])),
    annualGoal,
  };
}

/** The speaker profile of spec §3, validated on blur with the shared schema and saved as a whole. */
export function ProfileForm({ profile }: { profile: SpeakerProfile }) {
  const save = useSaveSpeakerProfile();
  const form = useForm<SpeakerProfileInput, unknown, SpeakerProfileUpdate>({
    resolver: zodResolver(speakerProfileInputSchema),
    mode: "onBlur",
    defaultValues: toFormValues(profile),
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        form.reset(toFormValues(saved));
        toast({ title: "Profile saved", description: "Your details are up to date across Podium." });
      },
      onError: (error) => {
        if (showServerFieldErrors(error, form.setError, FIELD_NAMES)) return;
        toast({
          title: "Could not save your profile",
          description: describeError(error, "Please try again."),
          variant: "destructive",
        });
      },
    }),
  );

  return (
    <form
      noValidate
      onSubmit={submit}
      className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem] lg:items-start"
    >
      <div className="grid gap-6">
        {SECTIONS.map((section) => (
          <Card key={section.title}>
            <CardHeader>
              <CardTitle className="text-base">{section.title}</CardTitle>
              <CardDescription>{section.description}</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-4 sm:grid-cols-2">
              {section.fields.map(({ name, label, type, autoComplete, wide }) => (
                <FormField
                  key={name}
                  label={label}
                  error={errors[name]?.message}
                  className={wide ? "sm:col-span-2" : undefined}
                >
                  <Input type={type} autoComplete={autoComplete} {...form.register(name)} />
                </FormField>
              ))}
              {section.title === "About you" && (
                <FormField label="Bio" error={errors.bio?.message} className="sm:col-span-2">
                  <Textarea rows={5} {...form.register("bio")} />
                </FormField>
              )}
            </CardContent>
          </Card>
        ))}
        <Card>
          <CardHeader>
            <CardTitle className="text-base">Annual goal</CardTitle>
            <CardDescription>
              What you aim to earn from speaking this year. The dashboard shows your booked fees against it.
            </CardDescription>
          </CardHeader>
          <CardContent className="sm:max-w-xs">
            <FormField label="Annual goal" error={errors.annualGoal?.message}>
              <ControlledMoneyInput control={form.control} name="annualGoal" />
            </FormField>
          </CardContent>
        </Card>
        <div className="flex justify-end">
          <Button type="submit" size="lg" isLoading={save.isPending} className="w-full sm:w-auto">
            Save profile
          </Button>
        </div>
      </div>
      <aside aria-label="Preview" className="hidden lg:sticky lg:top-24 lg:block">
        <ProfilePreview values={form.watch()} />
      </aside>
    </form>
  );
}
