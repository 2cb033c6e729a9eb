import { FileSignature } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { CONTRACT_STATUSES } from "../../../../shared/schemas/contracts.ts";
import { Button } from "../../../components/ui/button.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { ErrorState } from "../../../components/ui/error-state.tsx";
import { PageHeader } from "../../../components/ui/page-header.tsx";
import { Select } from "../../../components/ui/select.tsx";
import { LoadingScreen } from "../../../components/ui/spinner.tsx";
import { useContracts } from "../api/contracts.ts";
import { ContractList } from "../components/contract-list.tsx";

/** `/contracts`: every contract with its status; new ones start from an event. */
export default function ContractsPage() {
  const [status, setStatus] = useState("");
  const query = useContracts({ status });
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Contracts"
        description="Agreements you sent for signature, and where each one stands. Start a new one from its event."
        actions={
          <Button asChild variant="outline">
            <Link to="/account-settings?tab=contracts">Contract templates</Link>
          </Button>
        }
      />
      <div className="flex items-center gap-2">
        <label htmlFor="contract-status" className="text-sm font-medium">
          Status
        </label>
        <Select
          id="contract-status"
          value={status}
          onChange={(event) => setStatus(event.target.value)}
          className="w-48"
        >
          <option value="">All</option>
          {CONTRACT_STATUSES.map((value) => (
            <option key={value} value={value}>
              {value[0]!.toUpperCase() + value.slice(1)}
            </option>
          ))}
        </Select>
      </div>
      {query.isPending ? (
        <LoadingScreen />
      ) : query.isError ? (
        <ErrorState
          title="Could not load your contracts"
          error={query.error}
          onRetry={() => query.refetch()}
        />
      ) : query.data.items.length === 0 ? (
        <EmptyState
          icon={FileSignature}
          title={status ? "No contracts with this status" : "No contracts yet"}
          description="Open an event and choose Draft contract: Podium writes the agreement from the event's details."
          action={
            <Button asChild>
              <Link to="/events">Go to your events</Link>
            </Button>
          }
        />
      ) : (
        <ContractList contracts={query.data.items} />
      )}
    </div>
  );
}
