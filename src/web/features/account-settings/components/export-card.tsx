import { Braces, FileSpreadsheet } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { useExportJsonBackup } from "../api/use-export-json-backup.ts";
import { useExportWorkbook } from "../api/use-export-workbook.ts";

/** Export: the complete backup workbook (spec §3), and the same data as JSON. */
export function ExportCard() {
  const exportWorkbook = useExportWorkbook();
  const exportJson = useExportJsonBackup();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Export your data</CardTitle>
        <CardDescription>
          One Excel workbook with four sheets — Events, Clients, Bureau Partners and Profile — that opens in
          Excel, Numbers, Google Sheets and LibreOffice. It can be imported again as it is.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <Button isLoading={exportWorkbook.isPending} onClick={() => exportWorkbook.mutate()}>
          {!exportWorkbook.isPending && <FileSpreadsheet aria-hidden="true" />}
          Export to Excel
        </Button>
        <Button variant="outline" isLoading={exportJson.isPending} onClick={() => exportJson.mutate()}>
          {!exportJson.isPending && <Braces aria-hidden="true" />}
          Download JSON backup
        </Button>
      </CardContent>
    </Card>
  );
}
