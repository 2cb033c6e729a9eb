import type { Queryable } from "./client.ts";

const statementsByDatabase = new WeakMap<Queryable, Map<string, unknown>>();

/**
 * A prepared statement, built once per database handle (or transaction) and name. Its SQL is rendered once,
 * and PostgreSQL parses and plans a named statement once per connection instead of on every request.
 * `name` must identify the SQL text: the same name with another text is an error on the server.
 */
export function preparedStatement<T>(db: Queryable, name: string, build: (name: string) => T): T {
  let statements = statementsByDatabase.get(db);
  if (!statements) {
    statements = new Map();
    statementsByDatabase.set(db, statements);
  }
  let statement = statements.get(name) as T | undefined;
  if (!statement) {
    statement = build(name);
    statements.set(name, statement);
  }
  return statement;
}
