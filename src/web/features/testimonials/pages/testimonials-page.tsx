import { Quote } from "lucide-react";
import { Link } from "react-router";
import { LOW_RATING, type Testimonial } from "../../../../shared/schemas/testimonials.ts";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent } from "../../../components/ui/card.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { ErrorState } from "../../../components/ui/error-state.tsx";
import { PageHeader } from "../../../components/ui/page-header.tsx";
import { LoadingScreen } from "../../../components/ui/spinner.tsx";
import { describeError } from "../../../lib/api.ts";
import { formatInstant, joinPresent } from "../../../lib/format.ts";
import { toast } from "../../../lib/toast.ts";
import { useCan } from "../../auth/api/current-user.ts";
import {
  useAddTestimonialToMediaKit,
  useShowTestimonialAnyway,
  useTestimonials,
} from "../api/testimonials.ts";
import { RatingStars } from "../components/rating-stars.tsx";

/** `/testimonials` (issue 33): what planners wrote after the talk, and "Add to media kit". */
export default function TestimonialsPage() {
  const query = useTestimonials();
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Testimonials"
        description={`What planners wrote after your talks. A rating of ${LOW_RATING} or less stays private unless you choose to show it.`}
        actions={
          <Button variant="outline" asChild>
            <Link to="/profile?tab=media-kit">Open the media kit</Link>
          </Button>
        }
      />
      {query.isPending ? (
        <LoadingScreen />
      ) : query.isError ? (
        <ErrorState
          title="Could not load your testimonials"
          error={query.error}
          onRetry={() => query.refetch()}
        />
      ) : query.data.items.length === 0 ? (
        <EmptyState
          icon={Quote}
          title="No testimonials yet"
          description="After a talk, open the event and choose “Ask for a testimonial”, or let the action list ask for you."
        />
      ) : (
        <ul className="grid gap-4">
          {query.data.items.map((testimonial) => (
            <li key={testimonial.id}>
              <TestimonialCard testimonial={testimonial} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  const add = useAddTestimonialToMediaKit();
  const show = useShowTestimonialAnyway();
  // A bookkeeper or viewer reads the testimonials; the media kit is the speaker's book to change.
  const canChange = useCan("book");
  const author = joinPresent([testimonial.role, testimonial.organization]);
  const fail = (title: string) => (error: unknown) =>
    toast({ title, description: describeError(error, "Please try again."), variant: "destructive" });
  const addToKit = () =>
    add.mutate(
      { id: testimonial.id },
      {
        onSuccess: () =>
          toast({
            title: "Added to your media kit",
            description: "It shows on your media kit and one-sheet.",
          }),
        onError: fail("Could not add it to the media kit"),
      },
    );
  const toggleShown = () =>
    show.mutate(
      { id: testimonial.id, showAnyway: !testimonial.showAnyway },
      { onError: fail("Could not change it") },
    );
  const isLow = testimonial.rating <= LOW_RATING;
  return (
    <Card>
      <CardContent className="grid gap-3 pt-6">
        <div className="flex flex-wrap items-center gap-2">
          <RatingStars rating={testimonial.rating} />
          {testimonial.isPrivate && <Badge variant="warning">Private: low rating</Badge>}
          {testimonial.permission ? (
            <Badge variant="success">May be published</Badge>
          ) : (
            <Badge>Not for publishing</Badge>
          )}
          {testimonial.inMediaKit && <Badge variant="primary">In your media kit</Badge>}
        </div>
        <blockquote className="text-base [overflow-wrap:anywhere] sm:text-lg">
          “{testimonial.quote}”
        </blockquote>
        <p className="text-sm [overflow-wrap:anywhere]">
          <span className="font-medium">{testimonial.name}</span>
          {author && <span className="text-muted-foreground">, {author}</span>}
        </p>
        {testimonial.highlights && (
          <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
            <span className="font-medium text-foreground">What stood out: </span>
            {testimonial.highlights}
          </p>
        )}
        <p className="text-xs text-muted-foreground">
          {testimonial.eventTitle ? (
            <Link to={`/events/${testimonial.eventId}`} className="font-medium text-primary hover:underline">
              {testimonial.eventTitle}
            </Link>
          ) : (
            "A deleted event"
          )}
          {` · ${formatInstant(testimonial.createdAt)}`}
          {testimonial.referrals > 0 &&
            ` · ${testimonial.referrals} referral${testimonial.referrals === 1 ? "" : "s"} in your events`}
        </p>
        {canChange && (
          <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
            {testimonial.permission && !testimonial.isPrivate && !testimonial.inMediaKit && (
              <Button onClick={addToKit} isLoading={add.isPending}>
                Add to media kit
              </Button>
            )}
            {isLow && testimonial.permission && !testimonial.inMediaKit && (
              <Button variant="outline" onClick={toggleShown} isLoading={show.isPending}>
                {testimonial.showAnyway ? "Keep private" : "Show anyway"}
              </Button>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
