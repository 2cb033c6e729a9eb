import { EVENT_STATUS_LABELS, type EventStatus } from "../../../../shared/schemas/event-status.ts";
import { Badge, type BadgeProps } from "../../../components/ui/badge.tsx";

const STATUS_VARIANTS: Record<EventStatus, BadgeProps["variant"]> = {
  inquiry: "neutral",
  hold: "warning",
  confirmed: "primary",
  postponed: "warning",
  completed: "success",
  cancelled: "destructive",
};

export function EventStatusBadge({ status, className }: { status: EventStatus; className?: string }) {
  return (
    <Badge variant={STATUS_VARIANTS[status]} className={className}>
      {EVENT_STATUS_LABELS[status]}
    </Badge>
  );
}
