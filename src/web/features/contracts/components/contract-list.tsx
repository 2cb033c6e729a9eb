import { Link } from "react-router";
import type { Contract } from "../../../../shared/schemas/contracts.ts";
import { BookingStepBadge } from "../../bookings/components/booking-step-badge.tsx";
import { ContractStatusBadge } from "./contract-status-badge.tsx";
import { formatDateTime } from "./format-time.ts";

/** Contracts as rows: title (to its page), event, signer, status and the last thing that happened. */
export function ContractList({
  contracts,
  showEvent = true,
}: {
  contracts: Contract[];
  showEvent?: boolean;
}) {
  return (
    <ul className="divide-y divide-border rounded-lg border border-border bg-card">
      {contracts.map((contract) => (
        <li
          key={contract.id}
          className="flex flex-col gap-1 p-4 sm:flex-row sm:items-center sm:justify-between"
        >
          <div className="grid min-w-0 gap-0.5 sm:flex-1">
            <Link
              to={`/contracts/${contract.id}`}
              className="font-medium break-words text-primary hover:underline"
            >
              {contract.title}
            </Link>
            <p className="text-sm text-muted-foreground">
              {[
                showEvent ? contract.eventTitle : null,
                contract.signer ? `for ${contract.signer.name}` : null,
              ]
                .filter(Boolean)
                .join(" · ")}
            </p>
            <BookingStepBadge documentId={contract.id} className="justify-self-start" />
          </div>
          <div className="flex items-center gap-3 text-sm text-muted-foreground sm:shrink-0">
            <span className="whitespace-nowrap">
              {formatDateTime(contract.completedAt ?? contract.sentAt ?? contract.createdAt)}
            </span>
            <ContractStatusBadge status={contract.status} />
          </div>
        </li>
      ))}
    </ul>
  );
}
