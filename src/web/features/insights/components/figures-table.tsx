import type { ReactNode } from "react";
import { cn } from "../../../lib/cn.ts";

export type FiguresColumn<Row> = {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Numbers are right-aligned. */
  isNumber?: boolean;
};

/** A chart's numbers as a table, for screen readers, printing and anyone who wants the exact figure. */
export function FiguresTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  footer,
  className,
}: {
  caption: string;
  columns: FiguresColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  footer?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn("overflow-x-auto rounded-lg border border-border", className)}>
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-muted text-left text-muted-foreground">
          <tr>
            {columns.map((column) => (
              <th
                key={column.header}
                scope="col"
                className={cn("whitespace-nowrap px-3 py-2 font-medium", column.isNumber && "text-right")}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className="border-t border-border">
              {columns.map((column) => (
                <td
                  key={column.header}
                  className={cn("whitespace-nowrap px-3 py-2", column.isNumber && "text-right tabular-nums")}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {footer && <tfoot className="border-t border-border font-semibold">{footer}</tfoot>}
      </table>
    </div>
  );
}
