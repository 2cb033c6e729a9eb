import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app.tsx";
import { installGlobalErrorHandlers } from "./lib/error-log.ts";
import { showPendingToast } from "./lib/open-app.ts";
import "./styles.css";

const FAILED_TO_LOAD = "React App Failed to Load";

/** Replaces the page with the spec's plain message when React cannot start at all. */
function showLoadFailure(error: unknown) {
  console.error(FAILED_TO_LOAD, error);
  const target = document.getElementById("root") ?? document.body;
  target.textContent = FAILED_TO_LOAD;
}

installGlobalErrorHandlers();

try {
  const container = document.getElementById("root");
  if (!container) throw new Error("The #root element is missing from index.html");
  createRoot(container, { onUncaughtError: showLoadFailure }).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  showPendingToast();
} catch (error) {
  showLoadFailure(error);
}
