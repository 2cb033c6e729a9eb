import { useSearchParams } from "react-router";
import { PageHeader } from "../../../components/ui/page-header.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../components/ui/tabs.tsx";
import { useRecordList } from "../api/list-records.ts";
import type { RecordKind } from "../api/record-kinds.ts";
import { RecordsPanel } from "../components/records-panel.tsx";

const TAB_PARAM: Record<RecordKind, string | null> = { client: null, partner: "partners" };

/** How many clients or bureau partners the speaker has, once known. */
function useRecordCount(kind: RecordKind): number | null {
  return useRecordList(kind).data?.pages[0]?.totals.count ?? null;
}

/** Clients and bureau partners in two tabs (`/clients?tab=partners` opens the second). */
export default function ClientsPage() {
  const [params, setParams] = useSearchParams();
  const tab: RecordKind = params.get("tab") === TAB_PARAM.partner ? "partner" : "client";
  const counts = { client: useRecordCount("client"), partner: useRecordCount("partner") };
  const label = (kind: RecordKind, text: string) => (
    <>
      {text}
      {counts[kind] !== null && (
        <span className="ml-2 rounded-full bg-muted px-2 py-0.5 text-xs tabular-nums">{counts[kind]}</span>
      )}
    </>
  );

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Clients"
        description="The organisations that book you and the bureaus that bring you work, with what each has brought in."
      />
      <Tabs
        value={tab}
        onValueChange={(value) =>
          setParams(TAB_PARAM[value as RecordKind] ? { tab: TAB_PARAM[value as RecordKind]! } : {}, {
            replace: true,
          })
        }
      >
        <TabsList aria-label="Clients and bureau partners">
          <TabsTrigger value="client">{label("client", "Clients")}</TabsTrigger>
          <TabsTrigger value="partner">{label("partner", "Bureau partners")}</TabsTrigger>
        </TabsList>
        <TabsContent value="client">
          <RecordsPanel kind="client" />
        </TabsContent>
        <TabsContent value="partner">
          <RecordsPanel kind="partner" />
        </TabsContent>
      </Tabs>
    </div>
  );
}
