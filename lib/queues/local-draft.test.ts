import { describe, expect, it } from "vitest";
import { chooseStartingDraft, type LocalDraft } from "./local-draft";

const local = (baseVersion: number, synced: boolean): LocalDraft => ({
  draft: { notes: "browser" },
  baseVersion,
  synced,
  changedAt: 1,
});
const server = { draft: { notes: "server" }, version: 3 };

describe("chooseStartingDraft", () => {
  it("restores unsynced browser edits made on top of the server's version", () => {
    expect(chooseStartingDraft(server, local(3, false))).toEqual({
      draft: { notes: "browser" },
      baseVersion: 3,
      source: "browser",
      olderBrowserCopy: null,
    });
  });
  it("opens the server's newer draft and offers the older browser edits back", () => {
    const older = local(2, false);
    expect(chooseStartingDraft(server, older)).toEqual({
      draft: { notes: "server" },
      baseVersion: 3,
      source: "server",
      olderBrowserCopy: older,
    });
  });
  it("opens the server's draft when the browser copy is already synced or absent", () => {
    expect(chooseStartingDraft(server, local(3, true))).toMatchObject({ source: "server", olderBrowserCopy: null });
    expect(chooseStartingDraft(server, null)).toMatchObject({ source: "server", draft: { notes: "server" } });
  });
  it("carries a submission queued in an earlier visit, whichever draft the page opens with", () => {
    const queued: LocalDraft = { ...local(3, false), pendingSubmit: true };
    expect(chooseStartingDraft(server, queued)).toMatchObject({
      source: "browser",
      pendingSubmit: { notes: "browser" },
    });
    expect(chooseStartingDraft(server, { ...queued, baseVersion: 2 })).toMatchObject({
      source: "server",
      pendingSubmit: { notes: "browser" },
    });
    expect(chooseStartingDraft(server, local(3, false))).not.toHaveProperty("pendingSubmit");
  });
});
