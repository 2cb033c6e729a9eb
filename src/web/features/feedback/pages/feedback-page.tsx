import { zodResolver } from "@hookform/resolvers/zod";
import { Send } from "lucide-react";
import { Controller, useForm } from "react-hook-form";
import { useLocation } from "react-router";
import { z } from "zod";
import {
  FEEDBACK_CATEGORIES,
  FEEDBACK_CATEGORY_LABELS,
  FEEDBACK_MESSAGE_MAX,
  FEEDBACK_THANKS,
  type FeedbackCategory,
  feedbackInputSchema,
} from "../../../../shared/schemas/feedback.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent } from "../../../components/ui/card.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { PageHeader } from "../../../components/ui/page-header.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { describeError } from "../../../lib/api.ts";
import { showServerFieldErrors } from "../../../lib/form-errors.ts";
import { getReferringPath } from "../../../lib/page-history.ts";
import { toast } from "../../../lib/toast.ts";
import { useSendFeedback } from "../api/use-send-feedback.ts";
import { ChoiceGroup } from "../components/choice-group.tsx";

// The form holds the rating as text ("" for none); the shared schema checks the number sent.
const feedbackFormSchema = feedbackInputSchema
  .extend({
    category: z.enum(FEEDBACK_CATEGORIES, { error: "Choose a category" }).or(z.literal("")),
    rating: z.string(),
  })
  .refine((values) => values.category !== "", { path: ["category"], message: "Choose a category" });
type FeedbackValues = z.input<typeof feedbackFormSchema>;

const RATING_CHOICES = [
  { value: "", label: "No rating" },
  ...[1, 2, 3, 4, 5].map((rating) => ({ value: String(rating), label: String(rating) })),
];

/** /feedback: an idea, a problem or praise for the people who run Podium; mailed to support. */
export default function FeedbackPage() {
  const sendFeedback = useSendFeedback();
  const location = useLocation();
  const cameFrom = getReferringPath(`${location.pathname}${location.search}`);
  const emptyValues = (): FeedbackValues => ({
    category: "",
    message: "",
    rating: "",
    page: cameFrom ?? "",
  });
  const form = useForm<FeedbackValues>({
    resolver: zodResolver(feedbackFormSchema),
    mode: "onBlur",
    defaultValues: emptyValues(),
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    sendFeedback.mutate(
      {
        category: values.category as FeedbackCategory,
        message: values.message,
        rating: values.rating ? Number(values.rating) : null,
        page: values.page?.trim() || undefined,
      },
      {
        onSuccess: () => {
          form.reset({ ...emptyValues(), page: values.page });
          toast({ title: "Feedback sent", description: FEEDBACK_THANKS });
        },
        onError: (error) => {
          if (showServerFieldErrors(error, form.setError, ["category", "message", "rating", "page"])) return;
          toast({
            title: "Failed to Send",
            description: describeError(error, "Your feedback could not be sent. Please try again."),
            variant: "destructive",
          });
        },
      },
    ),
  );

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Feedback"
        description="Tell the people who build Podium what would make it better, what got in your way, or what you love. We read every message and reply by e-mail when you ask a question."
      />
      <Card className="max-w-2xl">
        <CardContent className="pt-5 sm:pt-6">
          <form noValidate onSubmit={submit} className="grid gap-5">
            <Controller
              control={form.control}
              name="category"
              render={({ field }) => (
                <ChoiceGroup
                  legend="What kind of feedback?"
                  name="category"
                  value={field.value}
                  onChange={field.onChange}
                  error={errors.category?.message}
                  choices={FEEDBACK_CATEGORIES.map((value) => ({
                    value,
                    label: FEEDBACK_CATEGORY_LABELS[value],
                  }))}
                />
              )}
            />
            <FormField label="Message" error={errors.message?.message}>
              <Textarea rows={6} maxLength={FEEDBACK_MESSAGE_MAX} {...form.register("message")} />
            </FormField>
            <Controller
              control={form.control}
              name="rating"
              render={({ field }) => (
                <ChoiceGroup
                  legend="How would you rate Podium? (optional, 1 = poor, 5 = excellent)"
                  name="rating"
                  value={field.value}
                  onChange={field.onChange}
                  error={errors.rating?.message}
                  choices={RATING_CHOICES}
                />
              )}
            />
            <FormField
              label="Page (optional)"
              description="The page your feedback is about; filled in with the page you came from."
              error={errors.page?.message}
            >
              <Input maxLength={500} {...form.register("page")} />
            </FormField>
            <div>
              <Button type="submit" isLoading={sendFeedback.isPending}>
                <Send aria-hidden="true" />
                Send feedback
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
