import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * Decision 058 kept by a test: what goes into Drizzle's `.set()`, `.values()` or `onConflictDoUpdate({ set })`
 * anywhere in src/server, and in the test helpers of src/test that write rows, is either an object literal written in place (which TypeScript checks key by key),
 * or goes through `columns` / `columnRows` of the same table. A spread or a variable given straight to Drizzle
 * would let a misnamed key be dropped without a word.
 */
const SERVER = join(import.meta.dirname, "../..");
const TEST_HELPERS = join(SERVER, "../test");

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return path.endsWith(".ts") && !path.endsWith(".test.ts") ? [path] : [];
  });
}

/** A literal TypeScript checks for unknown keys: no spread, in an array or either branch of a condition. */
function isCheckedLiteral(node: ts.Expression): boolean {
  if (ts.isParenthesizedExpression(node)) return isCheckedLiteral(node.expression);
  if (ts.isObjectLiteralExpression(node)) return node.properties.every((p) => !ts.isSpreadAssignment(p));
  if (ts.isArrayLiteralExpression(node)) return node.elements.every(isCheckedLiteral);
  if (ts.isConditionalExpression(node))
    return isCheckedLiteral(node.whenTrue) && isCheckedLiteral(node.whenFalse);
  return false;
}

/** The table of the nearest `.update(table)` or `.insert(table)` up the call chain. */
function tableOf(expression: ts.Expression, method: "update" | "insert"): string | null {
  let node: ts.Expression = expression;
  while (ts.isCallExpression(node) || ts.isPropertyAccessExpression(node)) {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      if (node.expression.name.text === method) return node.arguments[0]?.getText() ?? null;
      node = node.expression.expression;
    } else if (ts.isPropertyAccessExpression(node)) node = node.expression;
    else return null;
  }
  return null;
}

function isThroughHelper(node: ts.Expression, table: string): boolean {
  return (
    ts.isCallExpression(node) &&
    ts.isIdentifier(node.expression) &&
    ["columns", "columnRows"].includes(node.expression.text) &&
    node.arguments[0]?.getText() === table
  );
}

/** Every value given to Drizzle that is neither a checked literal nor the helper of the same table. */
function uncheckedValues(path: string): string[] {
  const source = ts.createSourceFile(path, readFileSync(path, "utf8"), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const judge = (value: ts.Expression | undefined, table: string | null) => {
    if (!value || table === null || isCheckedLiteral(value) || isThroughHelper(value, table)) return;
    const line = source.getLineAndCharacterOfPosition(value.getStart()).line + 1;
    const shown = path.startsWith(SERVER) ? path.slice(SERVER.length + 1) : path;
    found.push(`${shown}:${line} ${value.getText().slice(0, 60)}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const receiver = node.expression.expression;
      const [argument] = node.arguments;
      if (method === "set") judge(argument, tableOf(receiver, "update"));
      if (method === "values") judge(argument, tableOf(receiver, "insert"));
      if (method === "onConflictDoUpdate" && argument && ts.isObjectLiteralExpression(argument)) {
        for (const property of argument.properties) {
          if (ts.isPropertyAssignment(property) && property.name.getText() === "set") {
            judge(property.initializer, tableOf(receiver, "insert"));
          }
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("values given to Drizzle (decision 058)", () => {
  it("are literals written in place or go through columns() of the same table", () => {
    const files = [...sourceFiles(SERVER), ...sourceFiles(TEST_HELPERS)];
    expect(files.length).toBeGreaterThan(100);
    expect(files).toContain(join(TEST_HELPERS, "seed-book.ts"));
    expect(files.flatMap(uncheckedValues)).toEqual([]);
  });

  it("would catch a spread, a variable and the helper of another table", () => {
    const probe = join(SERVER, "platform/db/columns-rule.fixture.txt");
    expect(uncheckedValues(probe)).toEqual([
      "platform/db/columns-rule.fixture.txt:2 { ...fields, stateAt }",
      "platform/db/columns-rule.fixture.txt:3 values",
      "platform/db/columns-rule.fixture.txt:4 columns(users, values)",
      "platform/db/columns-rule.fixture.txt:5 fields",
    ]);
  });
});
