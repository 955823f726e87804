"use client";
// Autosave: every change goes to the browser at once and to the server after
// a pause. "Saved" is shown only when the server acknowledged; offline edits
// wait in the browser and are sent when the connection returns. A 409 (another
// tab saved first) stops autosave and says so; nothing is overwritten.
import { useCallback, useEffect, useRef, useState } from "react";
import { fetchJson } from "@/lib/http/fetch-json";
import { writeLocalDraft } from "@/lib/queues/local-draft";

export type SaveStatus =
  | { kind: "idle" }
  | { kind: "pending" }
  | { kind: "saving" }
  | { kind: "saved"; at: Date }
  | { kind: "offline" }
  | { kind: "conflict"; message: string }
  | { kind: "error"; message: string };

const SAVE_AFTER_MS = 800;
const RETRY_OFFLINE_MS = 5_000;

/**
 * `savedDraft` is what the server already holds (null when the page opened
 * with unsynced browser edits, which are then saved at the first change).
 */
export function useDraftAutosave(options: { draftUrl: string; storageId: string; baseVersion: number; savedDraft: Record<string, unknown> | null }) {
  const { draftUrl, storageId } = options;
  const [status, setStatus] = useState<SaveStatus>({ kind: "idle" });
  const version = useRef(options.baseVersion);
  const latest = useRef<Record<string, unknown> | null>(null);
  const lastSent = useRef<string | null>(options.savedDraft === null ? null : JSON.stringify(options.savedDraft));
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef(false);
  const stopped = useRef(false);
  // Retries call the latest `save` through a ref (a callback cannot name itself).
  const saveRef = useRef<() => Promise<void>>(async () => undefined);
  const retryIn = (ms: number) => {
    timer.current = setTimeout(() => void saveRef.current(), ms);
  };

  const save = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const draft = latest.current;
    if (stopped.current || inFlight.current || draft === null) return;
    const json = JSON.stringify(draft);
    if (json === lastSent.current) return;
    inFlight.current = true;
    setStatus({ kind: "saving" });
    const result = await fetchJson<{ version: number; saved_at: string }>(draftUrl, { method: "PUT", body: { base_version: version.current, draft } });
    inFlight.current = false;
    if (result.ok) {
      version.current = result.data.version;
      lastSent.current = json;
      const synced = JSON.stringify(latest.current) === json;
      writeLocalDraft(storageId, { draft: latest.current ?? draft, baseVersion: version.current, synced, changedAt: Date.now() });
      setStatus({ kind: "saved", at: new Date(result.data.saved_at) });
      if (!synced) retryIn(SAVE_AFTER_MS);
    } else if (result.status === 0) {
      setStatus({ kind: "offline" });
      retryIn(RETRY_OFFLINE_MS);
    } else if (result.status === 409) {
      stopped.current = true;
      setStatus({ kind: "conflict", message: result.message });
    } else {
      setStatus({ kind: "error", message: result.message });
    }
  }, [draftUrl, storageId]);
  useEffect(() => {
    saveRef.current = save;
  }, [save]);

  const changed = useCallback((draft: Record<string, unknown>) => {
    if (stopped.current) return;
    latest.current = draft;
    if (JSON.stringify(draft) === lastSent.current) return;
    writeLocalDraft(storageId, { draft, baseVersion: version.current, synced: false, changedAt: Date.now() });
    setStatus((previous) => (previous.kind === "offline" ? previous : { kind: "pending" }));
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(save, SAVE_AFTER_MS);
  }, [save, storageId]);

  const stop = useCallback(() => {
    stopped.current = true;
    if (timer.current) clearTimeout(timer.current);
  }, []);

  useEffect(() => {
    const onOnline = () => void save();
    window.addEventListener("online", onOnline);
    return () => {
      window.removeEventListener("online", onOnline);
      if (timer.current) clearTimeout(timer.current);
    };
  }, [save]);

  return { status, changed, stop, saveNow: save };
}
