/**
 * A worker thread's first module when the server runs from its TypeScript sources (tests, `npm run dev`,
 * the CLI): a new thread starts without the tsx loader of the thread that made it, so this registers it and
 * then loads the real entry. The bundled server starts its workers from their bundles instead.
 */
import { workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
await import(workerData.typescriptEntry);
