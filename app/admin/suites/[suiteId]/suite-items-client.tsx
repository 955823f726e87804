"use client";
// The suite's items, a page at a time (the server pages and filters): ratings
// of k, live holds with their holder and expiry, skips, gold, adjudication
// status; release a hold, remove an item nobody rated. TanStack Table gives
// the rows and cells; the markup and CSS are the app's own table.
import { TableScroll } from "@/components/table-scroll";
import { createColumnHelper, tableFeatures, useTable } from "@tanstack/react-table";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { ITEM_STATUS_LABELS, type ItemStatus } from "@/lib/adjudication/rule";
import { fetchJson } from "@/lib/http/fetch-json";

export type ItemRow = {
  itemId: string;
  taskId: string;
  position: number;
  isGold: boolean;
  ratings: number;
  overlapK: number;
  holds: { assignmentId: string; holderName: string; heldUntil: string }[];
  skips: number;
  status: ItemStatus;
};

type Actions = {
  suiteId: string;
  busy: string | null;
  release: (hold: ItemRow["holds"][number], taskId: string) => void;
  remove: (item: ItemRow) => void;
};

const features = tableFeatures({});
const helper = createColumnHelper<typeof features, ItemRow>();
const time = (iso: string) => iso.replace("T", " ").slice(0, 16);

function columnsFor(actions: Actions) {
  return helper.columns([
    helper.accessor("position", { header: "#" }),
    helper.accessor("taskId", {
      header: "Task",
      cell: (info) => (
        <Link href={`/admin/suites/${actions.suiteId}/items/${info.row.original.itemId}`}>
          <code>{info.getValue()}</code>
        </Link>
      ),
    }),
    helper.accessor("ratings", {
      header: "Ratings of k",
      cell: (info) => `${info.getValue()} / ${info.row.original.overlapK}`,
    }),
    helper.accessor("holds", {
      header: "Held by",
      cell: (info) =>
        info.getValue().length === 0 ? (
          "—"
        ) : (
          <ul className="plain-list">
            {info.getValue().map((hold) => (
              <li key={hold.assignmentId}>
                {hold.holderName} until {time(hold.heldUntil)} UTC{" "}
                <button
                  type="button"
                  className="btn btn-small"
                  disabled={actions.busy !== null}
                  aria-label={`Release ${hold.holderName}'s hold on ${info.row.original.taskId}`}
                  onClick={() => actions.release(hold, info.row.original.taskId)}
                >
                  Release
                </button>
              </li>
            ))}
          </ul>
        ),
    }),
    helper.accessor("skips", { header: "Skips" }),
    helper.accessor("isGold", { header: "Gold", cell: (info) => (info.getValue() ? "Gold" : "—") }),
    helper.accessor("status", { header: "Adjudication", cell: (info) => ITEM_STATUS_LABELS[info.getValue()] }),
    helper.display({
      id: "remove",
      // A visible header: a visually hidden one is positioned outside the scrolling box and widens the phone page.
      header: "Remove",
      cell: (info) =>
        info.row.original.ratings === 0 ? (
          <button
            type="button"
            className="btn btn-small"
            disabled={actions.busy !== null}
            aria-label={`Remove ${info.row.original.taskId} from the suite`}
            onClick={() => actions.remove(info.row.original)}
          >
            Remove
          </button>
        ) : null,
    }),
  ]);
}

export function SuiteItemsClient({ suiteId, items }: { suiteId: string; items: ItemRow[] }) {
  const router = useRouter();
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const act = async (key: string, url: string, done: string) => {
    setBusy(key);
    setMessage(null);
    const result = await fetchJson(url, { method: "DELETE" });
    setBusy(null);
    setMessage(result.ok ? { text: done, error: false } : { text: result.message, error: true });
    if (result.ok) router.refresh();
  };
  const columns = columnsFor({
    suiteId,
    busy,
    release: (hold, taskId) =>
      act(
        hold.assignmentId,
        `/api/suites/${suiteId}/holds/${hold.assignmentId}`,
        `${hold.holderName}'s hold on ${taskId} released: the item is back in the pool.`,
      ),
    remove: (item) =>
      act(item.itemId, `/api/suites/${suiteId}/items/${item.itemId}`, `${item.taskId} removed from the suite.`),
  });
  const table = useTable({ features, columns, data: items, getRowId: (row) => row.itemId });
  return (
    <>
      {message ? (
        <p className={message.error ? "notice notice-error" : "notice"} role={message.error ? "alert" : "status"}>
          {message.text}
        </p>
      ) : null}
      <TableScroll label="Items of this suite">
        <table className="records-table" data-testid="suite-items">
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <th key={header.id} scope="col">
                    {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id} data-testid={`suite-item-${row.original.taskId}`}>
                {row.getAllCells().map((cell) => (
                  <td key={cell.id}>
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </>
  );
}
