"use client";
// The records browser's table: who rated what, when, and the universal scores.
// Sorting is the server's (a header is a link that changes ?sort=); rows link to the record page.
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useCallback } from "react";
import {
  DataTable,
  dataTableColumnHelper,
  type DataTableColumn,
  type SortLink,
} from "@/components/data-table/data-table";

/** A record as the table shows it (the page maps the server's rows to this). */
export type RecordRow = {
  evalId: string;
  createdAt: string;
  rater: string;
  raterType: string;
  suite: string;
  taskId: string;
  system: string;
  scores: (number | null)[];
  violating: boolean;
  derivedFrom: string | null;
};
/** A score column: its dimension's dotted path (the sort key) and its label. */
export type ScoreColumn = { path: string; label: string; index: number };

const helper = dataTableColumnHelper<RecordRow>();
const FIXED_COLUMNS: DataTableColumn<RecordRow>[] = [
  helper.accessor("createdAt", {
    id: "created_at",
    header: "Created",
    cell: (info) => (
      <Link
        href={`/records/${info.row.original.evalId}`}
        aria-label={`Record of ${info.row.original.taskId} by ${info.row.original.rater}, ${info.getValue().slice(0, 16).replace("T", " ")}`}
      >
        <time dateTime={info.getValue()}>{info.getValue().slice(0, 16).replace("T", " ")}</time>
      </Link>
    ),
  }),
  helper.accessor("rater", {
    header: "Rater",
    cell: (info) => (
      <>
        {info.getValue()} <span className="help-inline">({info.row.original.raterType})</span>
      </>
    ),
  }),
  helper.accessor("suite", { id: "suite_id", header: "Suite" }),
  helper.accessor("taskId", { id: "task_id", header: "Task", cell: (info) => <code>{info.getValue()}</code> }),
  helper.accessor("system", { header: "System" }),
];
const TAIL_COLUMNS: DataTableColumn<RecordRow>[] = [
  helper.accessor("violating", { header: "Violating", cell: (info) => (info.getValue() ? "yes" : "") }),
  helper.accessor("derivedFrom", {
    header: "Correction of",
    cell: (info) => {
      const parent = info.getValue();
      return parent ? (
        <Link href={`/records/${parent}`} className="mono">
          {parent.slice(0, 8)}
        </Link>
      ) : (
        ""
      );
    },
  }),
];

export function RecordsTable({ rows, scoreColumns }: { rows: RecordRow[]; scoreColumns: ScoreColumn[] }) {
  const searchParams = useSearchParams();
  const columns = [
    ...FIXED_COLUMNS,
    ...scoreColumns.map((column) =>
      helper.accessor((row) => row.scores[column.index] ?? null, {
        id: `score:${column.path}`,
        header: column.label,
        cell: (info) => info.getValue() ?? "—",
      }),
    ),
    ...TAIL_COLUMNS,
  ];
  const sortLink = useCallback(
    (columnId: string): SortLink | null => {
      if (!["created_at", "suite_id", "task_id"].includes(columnId) && !columnId.startsWith("score:")) return null;
      const current = searchParams.get("sort") ?? "-created_at";
      const sorted = current === columnId ? "ascending" : current === `-${columnId}` ? "descending" : "none";
      const params = new URLSearchParams(searchParams);
      params.delete("cursor");
      // Dates and scores open highest first; a second press flips the order.
      params.set("sort", sorted === "descending" ? columnId : `-${columnId}`);
      return { href: `/records?${params.toString()}`, sorted };
    },
    [searchParams],
  );
  const numeric = new Set(scoreColumns.map((column) => `score:${column.path}`));
  return (
    <DataTable
      caption={<span className="visually-hidden">Records; a column header sorts by it</span>}
      columns={columns}
      data={rows}
      getRowId={(row) => row.evalId}
      sortLink={sortLink}
      numeric={numeric}
      className="records-table"
    />
  );
}
