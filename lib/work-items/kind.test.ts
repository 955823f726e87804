// Every work-item kind is complete: its working and done statuses are among
// its statuses, each other status says why a draft cannot be saved, and its
// names are plain SQL identifiers (the engine puts them into statements).
import { describe, expect, it } from "vitest";
import { ASSIGNMENT } from "@/lib/queues/assignment-kind";
import { REVIEW_TASK } from "@/lib/review/review-task-kind";
import type { WorkItemKind } from "./kind";

const KINDS: WorkItemKind[] = [ASSIGNMENT, REVIEW_TASK];

describe.each(KINDS.map((kind) => [kind.table, kind] as const))("work-item kind %s", (_table, kind) => {
  it("works in one status and is done in another, both among its statuses", () => {
    expect(kind.statuses).toContain(kind.workingStatus);
    expect(kind.statuses).toContain(kind.doneStatus);
    expect(kind.workingStatus).not.toBe(kind.doneStatus);
  });

  it("says why a draft is refused in every status but the working one, and never refuses a submit in the working one", () => {
    for (const status of kind.statuses.filter((candidate) => candidate !== kind.workingStatus)) {
      expect(kind.draftClosedMessage[status], status).toEqual(expect.any(String));
    }
    expect(kind.submitClosedMessage[kind.workingStatus]).toBeUndefined();
    expect(kind.submitClosedMessage[kind.doneStatus]).toBeUndefined();
  });

  it("names its table and columns with plain identifiers", () => {
    for (const name of [kind.table, kind.idColumn, kind.resultColumn, kind.doneAtColumn])
      expect(name).toMatch(/^[a-z_][a-z0-9_]*$/);
  });

  it("names both versions in its stale-draft message", () => {
    expect(kind.staleDraftMessage(7, "5")).toMatch(/version 7.*version 5/);
  });
});
