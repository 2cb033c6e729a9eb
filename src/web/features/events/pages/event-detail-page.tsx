import { ArrowLeft, CalendarX } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { ChangesAllowed } from "../../../components/changes-allowed.tsx";
import { RecordActions } from "../../../components/record-actions.tsx";
import { ConfirmDialog } from "../../../components/ui/alert-dialog.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { ErrorState } from "../../../components/ui/error-state.tsx";
import { LoadingScreen } from "../../../components/ui/spinner.tsx";
import { ApiError, describeError } from "../../../lib/api.ts";
import { joinPresent } from "../../../lib/format.ts";
import { toast } from "../../../lib/toast.ts";
import { BookingCard } from "../../bookings/components/booking-card.tsx";
import { EventContracts } from "../../contracts/components/event-contracts.tsx";
import { EventTasksCard } from "../../follow-ups/components/event-tasks-card.tsx";
import { ConflictList } from "../../holds/components/conflict-list.tsx";
import { HoldCard } from "../../holds/components/hold-card.tsx";
import { holdRankLabel } from "../../holds/components/hold-rank-label.ts";
import { EventInvoicesSection } from "../../invoices/components/event-invoices-section.tsx";
import { QuestionnaireCard } from "../../questionnaires/components/questionnaire-card.tsx";
import { TestimonialRequestCard } from "../../testimonials/components/testimonial-request-card.tsx";
import { useDeleteEvent } from "../api/delete-event.ts";
import { useEvent } from "../api/get-event.ts";
import { EventActivityCard } from "../components/event-activity-card.tsx";
import { EventAbout, EventFees, EventPeople, EventWhenAndWhere } from "../components/event-details.tsx";
import { EventFormDialog } from "../components/event-form-dialog.tsx";
import { formatLongDate } from "../components/event-format.ts";
import { EventStatusBadge } from "../components/event-status-badge.tsx";
import { EventStatusChanger } from "../components/event-status-changer.tsx";
import { NearbyPlacesPanel } from "../components/nearby-places-panel.tsx";

const backLink = (
  <Link
    to="/events"
    className="inline-flex items-center gap-1 rounded-sm text-sm font-medium text-primary hover:underline"
  >
    <ArrowLeft aria-hidden="true" className="size-4" />
    All events
  </Link>
);

/** Everything about one event on a single page (spec §1), with its status, edit and delete. */
export default function EventDetailPage() {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const remove = useDeleteEvent();
  const [isEditing, setIsEditing] = useState(false);
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);
  const query = useEvent(id);
  const event = query.data;

  if (query.isPending) return <LoadingScreen />;
  if (query.isError || !event) {
    const isMissing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <div className="grid gap-4">
        {backLink}
        {isMissing ? (
          <EmptyState
            icon={CalendarX}
            headingLevel={1}
            title="Event not found"
            description="It may have been deleted, or the link is not quite right."
            action={
              <Button asChild>
                <Link to="/events">Go to your events</Link>
              </Button>
            }
          />
        ) : (
          <ErrorState title="Could not load this event" error={query.error} onRetry={() => query.refetch()} />
        )}
      </div>
    );
  }

  const confirmDelete = () =>
    remove.mutate(event.id, {
      onSuccess: () => {
        toast({ title: "Event deleted", description: `"${event.title}" has been removed from your events.` });
        navigate("/events");
      },
      onError: (error) => {
        setIsConfirmingDelete(false);
        toast({
          title: "Could not delete the event",
          description: describeError(error, "Please try again."),
          variant: "destructive",
        });
      },
    });

  return (
    <div className="grid gap-6">
      <div className="grid gap-3">
        {backLink}
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="grid min-w-0 gap-2">
            <h1 className="text-2xl font-semibold break-words sm:text-3xl">{event.title}</h1>
            <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-muted-foreground">
              <EventStatusBadge status={event.status} />
              {event.holdRank !== null && (
                <span className="font-medium text-warning">{holdRankLabel(event.holdRank)}</span>
              )}
              <span>{joinPresent([formatLongDate(event.date), event.time], " · ")}</span>
            </p>
          </div>
          <RecordActions onEdit={() => setIsEditing(true)} onDelete={() => setIsConfirmingDelete(true)} />
        </div>
      </div>

      <div className="grid gap-6 lg:grid-cols-3 lg:items-start">
        <div className="grid gap-6 lg:order-2">
          <ChangesAllowed kind="book">
            <Card>
              <CardHeader>
                <CardTitle className="text-base">Status</CardTitle>
              </CardHeader>
              <CardContent>
                <EventStatusChanger event={event} />
              </CardContent>
            </Card>
            {event.status === "hold" && event.holdRank !== null && (
              <HoldCard event={{ ...event, holdRank: event.holdRank }} />
            )}
            {event.status === "completed" && <TestimonialRequestCard event={event} />}
            <BookingCard event={event} />
          </ChangesAllowed>
          <EventFees event={event} />
          <ChangesAllowed kind="money">
            <EventInvoicesSection event={event} />
          </ChangesAllowed>
          <EventActivityCard eventId={event.id} />
        </div>
        <div className="grid gap-6 lg:order-1 lg:col-span-2">
          {event.conflicts.length > 0 && (
            <Card className="border-warning/50">
              <CardHeader>
                <CardTitle className="text-base">Conflicts</CardTitle>
              </CardHeader>
              <CardContent>
                <ConflictList conflicts={event.conflicts} />
              </CardContent>
            </Card>
          )}
          <EventWhenAndWhere event={event} />
          <ChangesAllowed kind="book">
            <EventTasksCard event={event} />
            <QuestionnaireCard event={event} />
          </ChangesAllowed>
          <EventPeople event={event} />
          <EventAbout event={event} />
          <ChangesAllowed kind="contracts">
            <EventContracts eventId={event.id} />
          </ChangesAllowed>
          <NearbyPlacesPanel eventId={event.id} />
        </div>
      </div>

      <EventFormDialog open={isEditing} onOpenChange={setIsEditing} event={event} />
      <ConfirmDialog
        open={isConfirmingDelete}
        onOpenChange={setIsConfirmingDelete}
        title="Delete this event?"
        description={`"${event.title}" and all its details will be removed. This cannot be undone.`}
        confirmLabel="Delete event"
        isDestructive
        isPending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
