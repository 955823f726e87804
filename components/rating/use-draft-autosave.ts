"use client";
// Autosave: every change goes to the browser at once and to the server after
// a pause. "Saved" is shown only when the server acknowledged; offline edits
// wait in the browser and are sent when the connection returns. A 409 (another
// tab saved first) stops sending and carries the newer draft, so the rater can
// choose; a 401 (the session ended) pauses sending until it is back. Neither
// overwrites anything, and typing keeps going to the browser's copy meanwhile.
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { fetchJson } from "@/lib/http/fetch-json";
import { draftContentKey } from "@/lib/queues/draft-content";
import { writeLocalDraft } from "@/lib/queues/local-draft";
import { useActiveTime } from "./use-active-time";

export type ServerDraft = { version: number; draft: Record<string, unknown> | null };

export type SaveStatus =
  | { kind: "idle" }
  | { kind: "restored" }
  | { kind: "pending" }
  | { kind: "saving" }
  | { kind: "saved"; at: Date }
  | { kind: "offline" }
  | { kind: "conflict"; message: string; current: ServerDraft | null }
  | { kind: "signed-out" }
  | { kind: "error"; message: string };

const SAVE_AFTER_MS = 800;
const RETRY_OFFLINE_MS = 5_000;

type Blocked = null | "conflict" | "signed-out" | "submitted";

function serverDraftOf(details: Record<string, unknown> | undefined): ServerDraft | null {
  const current = details?.current as { version?: unknown; draft?: unknown } | undefined;
  if (typeof current?.version !== "number") return null;
  return {
    version: current.version,
    draft: typeof current.draft === "object" ? (current.draft as Record<string, unknown> | null) : null,
  };
}

/**
 * `savedDraft` is what the server already holds; `unsavedDraft` is a draft the
 * page opened with that the server does not have yet (browser edits made
 * offline, before a reload, or kept by choice in a conflict): it is sent at once.
 */
export function useDraftAutosave(options: {
  draftUrl: string;
  storageId: string;
  baseVersion: number;
  savedDraft: Record<string, unknown> | null;
  unsavedDraft?: Record<string, unknown> | null;
  restored?: boolean;
}) {
  const { draftUrl, storageId } = options;
  // Time on item rides on the saves (and the submit, which takes it from here).
  const activeTime = useActiveTime();
  const [status, setStatus] = useState<SaveStatus>({ kind: options.restored ? "restored" : "idle" });
  const version = useRef(options.baseVersion);
  const latest = useRef<Record<string, unknown> | null>(options.unsavedDraft ?? null);
  // Compared by content (lib/queues/draft-content): the form's first render of a
  // stored draft differs from it only in key order and empty sections, and is no edit.
  const lastSent = useRef<string>(draftContentKey(options.savedDraft));
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef(false);
  const blocked = useRef<Blocked>(null);
  // Retries call the latest `save` through a ref (a callback cannot name itself).
  const saveRef = useRef<() => Promise<void>>(async () => undefined);
  const retryIn = (ms: number) => {
    timer.current = setTimeout(() => void saveRef.current(), ms);
  };

  const save = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const draft = latest.current;
    if (blocked.current || inFlight.current || draft === null) return;
    const json = draftContentKey(draft);
    if (json === lastSent.current) return;
    inFlight.current = true;
    setStatus({ kind: "saving" });
    const activeMs = activeTime.pending();
    const result = await fetchJson<{ version: number; saved_at: string }>(draftUrl, {
      method: "PUT",
      body: { base_version: version.current, draft, active_ms: activeMs },
    });
    inFlight.current = false;
    if (result.ok) activeTime.sent(activeMs);
    if (blocked.current === "submitted") return;
    if (result.ok) {
      version.current = result.data.version;
      lastSent.current = json;
      const synced = draftContentKey(latest.current) === json;
      writeLocalDraft(storageId, {
        draft: latest.current ?? draft,
        baseVersion: version.current,
        synced,
        changedAt: Date.now(),
      });
      setStatus({ kind: "saved", at: new Date(result.data.saved_at) });
      if (!synced) retryIn(SAVE_AFTER_MS);
    } else if (result.status === 0) {
      setStatus({ kind: "offline" });
      retryIn(RETRY_OFFLINE_MS);
    } else if (result.status === 401) {
      blocked.current = "signed-out";
      setStatus({ kind: "signed-out" });
    } else if (result.status === 409) {
      blocked.current = "conflict";
      setStatus({ kind: "conflict", message: result.message, current: serverDraftOf(result.details) });
    } else {
      setStatus({ kind: "error", message: result.message });
    }
  }, [draftUrl, storageId, activeTime]);
  useEffect(() => {
    saveRef.current = save;
  }, [save]);

  const changed = useCallback(
    (draft: Record<string, unknown>) => {
      if (blocked.current === "submitted") return;
      latest.current = draft;
      if (draftContentKey(draft) === lastSent.current) return;
      // Written even while saving is blocked: the browser's copy is what a reload restores.
      writeLocalDraft(storageId, { draft, baseVersion: version.current, synced: false, changedAt: Date.now() });
      if (blocked.current) return;
      setStatus((previous) => (previous.kind === "offline" ? previous : { kind: "pending" }));
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(save, SAVE_AFTER_MS);
    },
    [save, storageId],
  );

  const stop = useCallback(() => {
    blocked.current = "submitted";
    if (timer.current) clearTimeout(timer.current);
  }, []);

  // A draft the server does not have yet goes out without waiting for a change.
  useEffect(() => {
    if (options.unsavedDraft) void saveRef.current();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the draft the page opened with
  }, []);

  useEffect(() => {
    const onOnline = () => void save();
    // Signing in again in another tab and coming back resumes saving.
    const onFocus = () => {
      if (blocked.current !== "signed-out") return;
      blocked.current = null;
      void save();
    };
    // Without a service worker a page cannot load offline: ask before leaving with changes only this browser holds.
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (navigator.onLine || blocked.current === "submitted" || draftContentKey(latest.current) === lastSent.current)
        return;
      event.preventDefault();
    };
    window.addEventListener("online", onOnline);
    window.addEventListener("focus", onFocus);
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => {
      window.removeEventListener("online", onOnline);
      window.removeEventListener("focus", onFocus);
      window.removeEventListener("beforeunload", onBeforeUnload);
      if (timer.current) clearTimeout(timer.current);
    };
  }, [save]);

  const currentVersion = useCallback(() => version.current, []);
  const latestDraft = useCallback(() => latest.current, []);
  return useMemo(
    () => ({ status, changed, stop, saveNow: save, version: currentVersion, latestDraft, activeTime }),
    [status, changed, stop, save, currentVersion, latestDraft, activeTime],
  );
}
