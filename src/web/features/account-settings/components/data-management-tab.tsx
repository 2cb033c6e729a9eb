import { ChangesAllowed } from "../../../components/changes-allowed.tsx";
import { ExportCard } from "./export-card.tsx";
import { ImportCard } from "./import-card.tsx";

/** Data Management (spec §1): everything out as a workbook, and a workbook in with a check first. */
export function DataManagementTab() {
  return (
    <div className="grid gap-6">
      <ExportCard />
      <ChangesAllowed kind="book">
        <ImportCard />
      </ChangesAllowed>
    </div>
  );
}
