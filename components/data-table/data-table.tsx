"use client";
// A presentational table over TanStack Table (headless): the caller's columns
// and rows in, semantic <table> markup out. Sorting, filtering and paging stay
// with the caller (the server, through the URL): a sortable column's header is
// a link the caller builds, so it works from the keyboard and can be shared.
import { createColumnHelper, tableFeatures, useTable, type ColumnDef, type RowData } from "@tanstack/react-table";
import Link from "next/link";
import type { ReactNode } from "react";

/** Core features only: the table renders what the server chose. */
export const dataTableFeatures = tableFeatures({});
export type DataTableColumn<TData extends RowData> = ColumnDef<typeof dataTableFeatures, TData, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- each column's value type differs
export const dataTableColumnHelper = <TData extends RowData>() => createColumnHelper<typeof dataTableFeatures, TData>();

/** A sortable column's link and whether the page is sorted by it now. */
export type SortLink = { href: string; sorted: "ascending" | "descending" | "none" };

type Props<TData extends RowData> = {
  caption: ReactNode;
  columns: DataTableColumn<TData>[];
  data: TData[];
  getRowId: (row: TData) => string;
  /** The link that sorts by a column (null: the column is not sortable). */
  sortLink?: (columnId: string) => SortLink | null;
  /** Columns whose cells are numbers (right-aligned). */
  numeric?: ReadonlySet<string>;
  className?: string;
  empty?: ReactNode;
};

const ARROWS = { ascending: " ▲", descending: " ▼", none: "" } as const;

export function DataTable<TData extends RowData>({
  caption,
  columns,
  data,
  getRowId,
  sortLink,
  numeric,
  className,
  empty,
}: Props<TData>) {
  const table = useTable({ features: dataTableFeatures, columns, data, getRowId: (row: TData) => getRowId(row) });
  return (
    <div className="data-table-scroll">
      <table className={["data-table", className].filter(Boolean).join(" ")}>
        <caption>{caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const link = sortLink?.(header.column.id) ?? null;
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={link && link.sorted !== "none" ? link.sorted : undefined}
                    className={numeric?.has(header.column.id) ? "numeric" : undefined}
                  >
                    {header.isPlaceholder ? null : link ? (
                      <Link href={link.href} scroll={false}>
                        <table.FlexRender header={header} />
                        {ARROWS[link.sorted]}
                      </Link>
                    ) : (
                      <table.FlexRender header={header} />
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.length === 0 && empty ? (
            <tr>
              <td colSpan={columns.length}>{empty}</td>
            </tr>
          ) : null}
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id}>
              {row.getAllCells().map((cell) => (
                <td key={cell.id} className={numeric?.has(cell.column.id) ? "numeric" : undefined}>
                  <table.FlexRender cell={cell} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
