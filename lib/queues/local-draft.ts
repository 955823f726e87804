// The browser's copy of a draft (localStorage), so a reload, a crashed tab or
// a dropped connection never loses typing. The server copy is the shared one;
// this copy says which server version it was based on and whether the server
// has it yet.
import { sameDraftContent } from "./draft-content";
export type LocalDraft = {
  draft: Record<string, unknown>;
  baseVersion: number;
  synced: boolean;
  changedAt: number;
  pendingSubmit?: boolean;
};
export type StartingDraft = {
  draft: Record<string, unknown> | null;
  baseVersion: number;
  source: "server" | "browser";
  olderBrowserCopy: LocalDraft | null;
  /** A submission queued in an earlier visit (the page closed while offline): to be sent on opening. */
  pendingSubmit?: Record<string, unknown>;
};

const keyOf = (assignmentId: string) => `evalform:draft:${assignmentId}`;

export function readLocalDraft(assignmentId: string): LocalDraft | null {
  try {
    const raw = window.localStorage.getItem(keyOf(assignmentId));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as LocalDraft;
    return typeof parsed === "object" &&
      parsed !== null &&
      typeof parsed.baseVersion === "number" &&
      typeof parsed.draft === "object"
      ? parsed
      : null;
  } catch {
    return null;
  }
}

/** False when the browser refuses to store it (private mode, quota). */
export function writeLocalDraft(assignmentId: string, value: LocalDraft): boolean {
  try {
    window.localStorage.setItem(keyOf(assignmentId), JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

export function clearLocalDraft(assignmentId: string): void {
  try {
    window.localStorage.removeItem(keyOf(assignmentId));
  } catch {
    // Nothing stored, nothing to clear.
  }
}

/**
 * Which draft the page opens with. Unsynced browser edits on top of the
 * current server version win (they are newer); browser edits on top of an
 * older version lose to the server's newer draft but are offered back.
 */
export function chooseStartingDraft(
  server: { draft: Record<string, unknown> | null; version: number },
  local: LocalDraft | null,
): StartingDraft {
  const chosen = startingDraftOf(server, local);
  // Taken now: the form's first change rewrites the browser copy without the flag.
  return local?.pendingSubmit ? { ...chosen, pendingSubmit: local.draft } : chosen;
}

function startingDraftOf(
  server: { draft: Record<string, unknown> | null; version: number },
  local: LocalDraft | null,
): StartingDraft {
  // A browser copy that says what the server says is not a change, whatever its
  // version or key order: offering it back was the one-tab "older version" notice.
  if (local && !local.synced && sameDraftContent(local.draft, server.draft)) {
    return { draft: server.draft, baseVersion: server.version, source: "server", olderBrowserCopy: null };
  }
  if (local && !local.synced && local.baseVersion === server.version) {
    return { draft: local.draft, baseVersion: server.version, source: "browser", olderBrowserCopy: null };
  }
  const olderBrowserCopy = local && !local.synced && local.baseVersion < server.version ? local : null;
  return { draft: server.draft, baseVersion: server.version, source: "server", olderBrowserCopy };
}
