import {
  CalendarDays,
  CreditCard,
  Database,
  FileSignature,
  ListChecks,
  ReceiptText,
  ShieldCheck,
  TriangleAlert,
  UserRound,
  UsersRound,
} from "lucide-react";
import { useSearchParams } from "react-router";
import { ChangesAllowed } from "../../../components/changes-allowed.tsx";
import { PageHeader } from "../../../components/ui/page-header.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../components/ui/tabs.tsx";
import { useUser, useWorkspaceRole } from "../../auth/api/current-user.ts";
import { BillingCard } from "../../billing/components/billing-card.tsx";
import { TemplatesTab } from "../../contracts/components/templates-tab.tsx";
import { ActionListEditor } from "../../follow-ups/components/action-list-editor.tsx";
import { CalendarFeedCard } from "../../follow-ups/components/calendar-feed-card.tsx";
import { NotificationSettingsCard } from "../../follow-ups/components/notification-settings-card.tsx";
import { HoldSettingsCard } from "../../holds/components/hold-settings-card.tsx";
import { CardPaymentsCard } from "../../invoices/components/card-payments-card.tsx";
import { InvoicingSettingsCard } from "../../invoices/components/invoicing-settings-card.tsx";
import { QuestionnaireEditor } from "../../questionnaires/components/questionnaire-editor.tsx";
import { SecurityTab } from "../../security/components/security-tab.tsx";
import { TeamTab } from "../../team/components/team-tab.tsx";
import { AccountTab } from "../components/account-tab.tsx";
import { DangerZoneTab } from "../components/danger-zone-tab.tsx";
import { DataManagementTab } from "../components/data-management-tab.tsx";

const TABS = [
  "account",
  "security",
  "billing",
  "team",
  "invoicing",
  "contracts",
  "follow-ups",
  "calendar",
  "data",
  "danger",
] as const;
type SettingsTab = (typeof TABS)[number];

/** The owner's alone (DESIGN §11): a member working in someone else's book does not see them. */
const OWNER_ONLY: readonly SettingsTab[] = ["account", "billing", "team", "danger"];

/** The open tab lives in `?tab=` so links can open one (spec §2: `?tab=danger` opens account deletion). */
function readTab(value: string | null, tabs: readonly SettingsTab[]): SettingsTab {
  return tabs.find((tab) => tab === value) ?? tabs[0]!;
}

// Rows of two on a phone, where "Data Management" wraps onto two lines rather than scrolling.
const triggerClasses = "h-auto min-h-9 gap-1.5 whitespace-normal py-1.5 text-center leading-tight sm:h-8";

export default function AccountSettingsPage() {
  const { data: user } = useUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const isOwner = useWorkspaceRole() === "owner";
  const shown = isOwner ? TABS : TABS.filter((each) => !OWNER_ONLY.includes(each));
  const tab = readTab(searchParams.get("tab"), shown);
  if (!user) return null;

  const openTab = (value: string) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set("tab", value);
        return next;
      },
      { replace: true },
    );

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Account Settings"
        description="Your sign-in details and security, your plan, your invoicing, your contract templates, your follow-ups and calendar, your data in Excel, and your account itself."
      />
      <Tabs value={tab} onValueChange={openTab}>
        <TabsList
          aria-label="Account settings"
          className="grid h-auto w-full grid-cols-2 sm:grid-cols-3 lg:grid-cols-5"
        >
          {isOwner && (
            <TabsTrigger value="account" className={triggerClasses}>
              <UserRound aria-hidden="true" className="hidden size-4 sm:block" />
              Account
            </TabsTrigger>
          )}
          <TabsTrigger value="security" className={triggerClasses}>
            <ShieldCheck aria-hidden="true" className="hidden size-4 sm:block" />
            Security
          </TabsTrigger>
          {isOwner && (
            <>
              <TabsTrigger value="billing" className={triggerClasses}>
                <CreditCard aria-hidden="true" className="hidden size-4 sm:block" />
                Billing
              </TabsTrigger>
              <TabsTrigger value="team" className={triggerClasses}>
                <UsersRound aria-hidden="true" className="hidden size-4 sm:block" />
                Team
              </TabsTrigger>
            </>
          )}
          <TabsTrigger value="invoicing" className={triggerClasses}>
            <ReceiptText aria-hidden="true" className="hidden size-4 sm:block" />
            Invoicing
          </TabsTrigger>
          <TabsTrigger value="contracts" className={triggerClasses}>
            <FileSignature aria-hidden="true" className="hidden size-4 sm:block" />
            Contract templates
          </TabsTrigger>
          <TabsTrigger value="follow-ups" className={triggerClasses}>
            <ListChecks aria-hidden="true" className="hidden size-4 sm:block" />
            Follow-ups
          </TabsTrigger>
          <TabsTrigger value="calendar" className={triggerClasses}>
            <CalendarDays aria-hidden="true" className="hidden size-4 sm:block" />
            Calendar
          </TabsTrigger>
          <TabsTrigger value="data" className={triggerClasses}>
            <Database aria-hidden="true" className="hidden size-4 sm:block" />
            Data Management
          </TabsTrigger>
          {isOwner && (
            <TabsTrigger value="danger" className={triggerClasses}>
              <TriangleAlert aria-hidden="true" className="hidden size-4 sm:block" />
              Danger Zone
            </TabsTrigger>
          )}
        </TabsList>
        <TabsContent value="account" className="mt-6">
          <AccountTab user={user} />
        </TabsContent>
        <TabsContent value="security" className="mt-6">
          <SecurityTab />
        </TabsContent>
        <TabsContent value="billing" className="mt-6">
          <BillingCard />
        </TabsContent>
        <TabsContent value="team" className="mt-6">
          <TeamTab />
        </TabsContent>
        <TabsContent value="invoicing" className="mt-6">
          <ChangesAllowed kind="money">
            <div className="grid gap-6">
              {isOwner && <CardPaymentsCard />}
              <InvoicingSettingsCard />
            </div>
          </ChangesAllowed>
        </TabsContent>
        <TabsContent value="contracts" className="mt-6">
          <ChangesAllowed kind="contracts">
            <TemplatesTab />
          </ChangesAllowed>
        </TabsContent>
        <TabsContent value="follow-ups" className="mt-6 grid gap-6">
          <ChangesAllowed kind="book">
            <NotificationSettingsCard />
            <ActionListEditor />
            <QuestionnaireEditor />
          </ChangesAllowed>
        </TabsContent>
        <TabsContent value="calendar" className="mt-6 grid gap-6">
          <ChangesAllowed kind="book">
            <HoldSettingsCard />
          </ChangesAllowed>
          <CalendarFeedCard />
        </TabsContent>
        <TabsContent value="data" className="mt-6">
          <DataManagementTab />
        </TabsContent>
        <TabsContent value="danger" className="mt-6">
          <DangerZoneTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
