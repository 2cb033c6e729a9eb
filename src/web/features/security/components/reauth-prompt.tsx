import { lazy, Suspense, useEffect, useState } from "react";
import { setReauthPrompt } from "../../../lib/api.ts";

const ReauthDialog = lazy(() => import("./reauth-dialog.tsx"));

/**
 * Mounted once in the signed-in app: answers the API client's "confirm it is you" (lib/reauth.ts) with the
 * dialog, loaded only the first time it is needed.
 */
export function ReauthPrompt() {
  const [answer, setAnswer] = useState<((isConfirmed: boolean) => void) | null>(null);

  useEffect(() => setReauthPrompt(() => new Promise<boolean>((resolve) => setAnswer(() => resolve))), []);

  if (!answer) return null;
  return (
    <Suspense fallback={null}>
      <ReauthDialog
        onDone={(isConfirmed) => {
          setAnswer(null);
          answer(isConfirmed);
        }}
      />
    </Suspense>
  );
}
