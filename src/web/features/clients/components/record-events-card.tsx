import { CalendarDays, Plus } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { formatDollars } from "../../../lib/money.ts";
import { useCan } from "../../auth/api/current-user.ts";
import { EventFormDialog } from "../../events/components/event-form-dialog.tsx";
import { EventSummaryList } from "../../events/components/event-summary-list.tsx";
import { type AnyRecordDetail, RECORD_KINDS, type RecordKind } from "../api/record-kinds.ts";
import { RecordFigures } from "./record-figures.tsx";

/** All the events of a client or bureau partner with their figures, and a new event already linked to it. */
export function RecordEventsCard({ kind, record }: { kind: RecordKind; record: AnyRecordDetail }) {
  const [isAdding, setIsAdding] = useState(false);
  const link = { id: record.id, name: record.name };
  // A bookkeeper or viewer reads the events without a button the server would refuse (DESIGN §11).
  const addButton = useCan("book") && (
    <Button variant="outline" size="sm" onClick={() => setIsAdding(true)}>
      <Plus aria-hidden="true" />
      Add event
    </Button>
  );

  return (
    <Card className="lg:col-span-2">
      <CardHeader>
        <div className="flex items-center justify-between gap-2">
          <CardTitle className="text-base">Events</CardTitle>
          {record.events.length > 0 && addButton}
        </div>
      </CardHeader>
      <CardContent className="grid gap-5">
        <RecordFigures record={record} />
        {record.events.length === 0 ? (
          <EmptyState
            icon={CalendarDays}
            title="No events yet"
            description={`Events you link to this ${RECORD_KINDS[kind].noun} appear here, with their fees.`}
            action={addButton}
            className="py-8"
          />
        ) : (
          <>
            <EventSummaryList events={record.events} showClient={kind === "partner"} />
            <p className="flex justify-between border-t border-border pt-3 font-semibold">
              <span>Total, not counting cancelled</span>
              <span className="tabular-nums">{formatDollars(record.totalFees)}</span>
            </p>
          </>
        )}
      </CardContent>
      <EventFormDialog
        open={isAdding}
        onOpenChange={setIsAdding}
        links={kind === "client" ? { client: link } : { bureauPartner: link }}
      />
    </Card>
  );
}
