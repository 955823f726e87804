"use client";
// A table of people's work (lib/raters/work-summary.ts): one row per person and
// kind of work. Sorting is the server's (a header is a link that changes ?sort=);
// a name links to that person's records, in the suite when one is chosen.
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useCallback } from "react";
import { DataTable, dataTableColumnHelper, type SortLink } from "@/components/data-table/data-table";
import { SKIP_REASON_LABELS, type SkipReason } from "@/lib/queues/skip-reasons";
import type { PersonWork } from "@/lib/raters/work-summary";

const KIND_LABELS = { rating: "Ratings", sme_review: "SME reviews", adjudication: "Adjudications" } as const;
const SORTABLE = new Set([
  "name",
  "submitted",
  "perActiveDay",
  "medianActiveSeconds",
  "medianSecondsPer1000Chars",
  "skipped",
  "corrected",
]);
const NUMERIC = new Set([
  "submitted",
  "today",
  "lastSevenDays",
  "perActiveDay",
  "medianActiveSeconds",
  "medianSecondsPer1000Chars",
  "skipped",
  "corrected",
]);

const figure = (value: number | null, unit = "") => (value === null ? "—" : `${value}${unit}`);

function skipText(row: PersonWork): string {
  const reasons = Object.entries(row.skipReasons) as [SkipReason, number][];
  if (reasons.length === 0) return String(row.skipped);
  return `${row.skipped} (${reasons.map(([reason, count]) => `${SKIP_REASON_LABELS[reason].toLowerCase()} ${count}`).join(", ")})`;
}

const helper = dataTableColumnHelper<PersonWork>();

export function WorkTable({
  people,
  caption,
  suiteKey = null,
  showNames = true,
}: {
  people: PersonWork[];
  caption: string;
  /** A name links to the person's records, in this suite when given. */
  suiteKey?: string | null;
  showNames?: boolean;
}) {
  const params = useSearchParams();
  const sortLink = useCallback(
    (columnId: string): SortLink | null => {
      if (!SORTABLE.has(columnId)) return null;
      const current = params.get("sort") ?? "name";
      const descending = params.get("dir") === "desc";
      const next = new URLSearchParams(params);
      next.set("sort", columnId);
      next.set("dir", current === columnId && !descending ? "desc" : "asc");
      return {
        href: `?${next.toString()}`,
        sorted: current === columnId ? (descending ? "descending" : "ascending") : "none",
      };
    },
    [params],
  );
  const columns = [
    ...(showNames
      ? [
          helper.accessor("name", {
            header: "Person",
            cell: (info) => {
              const query = new URLSearchParams({ rater_id: info.row.original.personId });
              if (suiteKey) query.set("suite_id", suiteKey);
              return <Link href={`/records?${query.toString()}`}>{info.getValue()}</Link>;
            },
          }),
        ]
      : []),
    helper.accessor("kind", { header: "Work", cell: (info) => KIND_LABELS[info.getValue()] }),
    helper.accessor("submitted", { header: "Submitted" }),
    helper.accessor("today", { header: "Today (UTC)" }),
    helper.accessor("lastSevenDays", { header: "Last 7 days" }),
    helper.accessor("perActiveDay", { header: "Per active day", cell: (info) => figure(info.getValue()) }),
    helper.accessor("medianActiveSeconds", {
      header: "Median active time",
      cell: (info) => (info.getValue() === null ? "—" : `${info.getValue()} s (${info.row.original.timed} timed)`),
    }),
    helper.accessor("medianSecondsPer1000Chars", {
      header: "Per 1,000 characters",
      cell: (info) => figure(info.getValue(), " s"),
    }),
    helper.accessor("skipped", { header: "Skipped", cell: (info) => skipText(info.row.original) }),
    helper.accessor("corrected", { header: "Corrected later" }),
  ];
  return (
    <DataTable
      caption={caption}
      columns={columns}
      data={people}
      getRowId={(row) => `${row.personId}:${row.kind}`}
      sortLink={sortLink}
      numeric={NUMERIC}
      className="people-table"
      empty="No work in this window."
    />
  );
}
