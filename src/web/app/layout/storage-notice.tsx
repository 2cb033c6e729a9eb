import { Database } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { readStored, STORAGE_NOTICE_ACK_KEY, writeStored } from "../../lib/local-storage.ts";

/**
 * DESIGN §8: where the speaker's data is kept and how to take it out, until "I understand" is pressed.
 * The acknowledgement lives in localStorage and is removed at logout; the banner never blocks the page.
 */
export function StorageNotice() {
  const [isAcknowledged, setIsAcknowledged] = useState(() => readStored(STORAGE_NOTICE_ACK_KEY) !== null);
  if (isAcknowledged) return null;
  const acknowledge = () => {
    writeStored(STORAGE_NOTICE_ACK_KEY, new Date().toISOString());
    setIsAcknowledged(true);
  };
  return (
    <section
      aria-labelledby="storage-notice-title"
      className="border-b border-border bg-primary-soft px-4 py-3 sm:px-6 lg:px-8"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex gap-3">
          <Database aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
          <div className="grid gap-0.5 text-sm">
            <h2 id="storage-notice-title" className="font-semibold text-primary-soft-foreground">
              Where your data is kept
            </h2>
            <p className="text-foreground">
              Your events, clients and profile are stored in Podium's database on our servers, and uploaded
              files in our file storage — not only in this browser. You can export a complete copy or delete
              your account at any time in{" "}
              <Link to="/account-settings" className="font-medium text-primary underline underline-offset-2">
                Account Settings
              </Link>
              .
            </p>
          </div>
        </div>
        <Button size="sm" className="self-start sm:self-center" onClick={acknowledge}>
          I understand
        </Button>
      </div>
    </section>
  );
}
