import path from "node:path";
import { PROJECT_ROOT } from "../project-root.ts";

/** drizzle-kit's output: one SQL file per migration and the journal that orders them. */
export const MIGRATIONS_FOLDER = path.join(PROJECT_ROOT, "drizzle");
