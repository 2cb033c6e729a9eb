import type { ContractStatus } from "../../../../shared/schemas/contracts.ts";
import { Badge, type BadgeProps } from "../../../components/ui/badge.tsx";

const LOOK: Record<ContractStatus, { label: string; variant: BadgeProps["variant"] }> = {
  draft: { label: "Draft", variant: "neutral" },
  sent: { label: "Sent", variant: "primary" },
  viewed: { label: "Viewed", variant: "primary" },
  signed: { label: "Signed by client", variant: "warning" },
  completed: { label: "Completed", variant: "success" },
  declined: { label: "Declined", variant: "destructive" },
  voided: { label: "Voided", variant: "destructive" },
  expired: { label: "Expired", variant: "neutral" },
};

export function ContractStatusBadge({ status }: { status: ContractStatus }) {
  return <Badge variant={LOOK[status].variant}>{LOOK[status].label}</Badge>;
}
