import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { createServerDatabase, withAdminClient } from "../test/database.ts";
import { loadConfig } from "./config.ts";
import { openDatabase } from "./platform/db/client.ts";
import { runMigrations } from "./platform/db/migrate.ts";
import { startMailDelivery } from "./platform/mail/delivery.ts";

/**
 * deploy/postgres/podium-role.sql run as the PostgreSQL image runs it (psql, as the superuser, in the new
 * database), then Podium's migrations and its mail queue (pg-boss makes a schema of its own) as the role it makes. Roles are server-wide, so this one has a name of its
 * own and is dropped afterwards.
 */
const serverUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const initScript = fileURLToPath(new URL("../../deploy/postgres/podium-role.sql", import.meta.url));
const role = `podium_deploy_${randomBytes(6).toString("hex")}`;
const password = randomBytes(12).toString("hex");
const cleanups: (() => Promise<unknown>)[] = [];

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe("deploy/postgres/podium-role.sql", () => {
  it("makes a role that is no superuser and still migrates Podium's database and starts its mail queue", async () => {
    const database = await createServerDatabase(serverUrl, "podium_deploy");
    cleanups.push(() => withAdminClient(serverUrl, (client) => client.query(`drop role if exists ${role}`)));
    cleanups.push(database.drop);
    await promisify(execFile)("psql", ["--no-psqlrc", "-d", database.url, "-f", initScript], {
      env: { ...process.env, PODIUM_DB_USER: role, PODIUM_DB_PASSWORD: password },
    });

    const { rows } = await withAdminClient(database.url, (client) =>
      client.query(
        `select rolsuper, rolcreatedb, rolcreaterole, rolcanlogin,
           (select pg_get_userbyid(datdba) from pg_database where datname = current_database()) as database_owner,
           (select pg_get_userbyid(nspowner) from pg_namespace where nspname = 'public') as schema_owner
         from pg_roles where rolname = $1`,
        [role],
      ),
    );
    expect(rows).toEqual([
      {
        rolsuper: false,
        rolcreatedb: false,
        rolcreaterole: false,
        rolcanlogin: true,
        database_owner: role,
        schema_owner: role,
      },
    ]);

    const asRole = new URL(database.url);
    asRole.username = role;
    asRole.password = password;
    const handle = await openDatabase({ databaseUrl: asRole.toString() });
    try {
      await runMigrations(handle);
      const { rows: tables } = await handle.runSql(
        "select current_user as who, count(*)::int as tables from pg_tables where schemaname = 'public'",
      );
      expect(tables).toEqual([{ who: role, tables: expect.any(Number) }]);
      expect((tables[0] as { tables: number }).tables).toBeGreaterThan(10);
      const config = loadConfig({ NODE_ENV: "test", APP_URL: "http://podium.test" });
      const logger = { info: () => {}, warn: () => {}, error: () => {} };
      const delivery = await startMailDelivery({ config, database: handle, logger });
      await delivery.stop();
      const { rows: queueSchema } = await handle.runSql(
        "select pg_get_userbyid(nspowner) as owner from pg_namespace where nspname = 'pgboss'",
      );
      expect(queueSchema).toEqual([{ owner: role }]);
    } finally {
      await handle.close();
    }
  });
});
