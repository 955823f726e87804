"use client";
// A work item's submit, as the rating page sends it: the browser keeps a copy
// marked "pending submit" before anything is sent (a tab closed offline sends
// it on the next visit), one request is in flight at a time, a submit made
// offline waits for the connection and is sent once, a 401 asks to sign in
// again and anything else keeps the draft with the server's message and
// issues. The server's submit is idempotent (a repeat answers with what the
// first stored), so a resend can never store twice.
import { useCallback, useEffect, useRef, useState } from "react";
import type { ValidationIssue } from "@/lib/aif/types";
import { fetchJson } from "@/lib/http/fetch-json";
import { clearLocalDraft, writeLocalDraft } from "@/lib/queues/local-draft";
import type { ActiveTime } from "./use-active-time";

export type QueuedSubmit<Body> = {
  submit: (body: Body) => Promise<void>;
  submitting: boolean;
  /** A body waiting for the connection to return. */
  queued: Body | null;
  failure: string | null;
  issues: ValidationIssue[];
  signedOut: boolean;
};

export function useQueuedSubmit<Body extends Record<string, unknown>, Answer>(options: {
  url: string;
  /** The browser copy's key (lib/queues/local-draft). */
  storageId: string;
  /** What the browser copy stores for a body (the draft it came from). */
  draftOf: (body: Body) => Record<string, unknown>;
  baseVersion: () => number;
  onSent: (answer: Answer) => void;
  /** A submit an earlier visit queued: sent once on opening. */
  pendingAtStart?: Body;
  /** The page's time on item not yet acknowledged (the autosave's): sent with the submit. */
  activeTime?: ActiveTime;
}): QueuedSubmit<Body> {
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const [submitting, setSubmitting] = useState(false);
  const [queued, setQueued] = useState<Body | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [issues, setIssues] = useState<ValidationIssue[]>([]);
  const [signedOut, setSignedOut] = useState(false);
  // One submission in flight at a time: a flapping connection fires `online` more than once.
  const sending = useRef(false);

  const submit = useCallback(async (body: Body) => {
    if (sending.current) return;
    const { url, storageId, draftOf, baseVersion } = latest.current;
    sending.current = true;
    setSubmitting(true);
    setFailure(null);
    setSignedOut(false);
    const keep = (pendingSubmit: boolean) =>
      writeLocalDraft(storageId, {
        draft: draftOf(body),
        baseVersion: baseVersion(),
        synced: false,
        changedAt: Date.now(),
        ...(pendingSubmit ? { pendingSubmit: true } : {}),
      });
    // If the tab closes while offline, the next visit sends it.
    keep(true);
    const { activeTime } = latest.current;
    const activeMs = activeTime?.pending();
    const result = await fetchJson<Answer>(url, {
      method: "POST",
      body: activeMs === undefined ? body : { ...body, active_ms: activeMs },
    });
    sending.current = false;
    setSubmitting(false);
    if (result.ok) {
      if (activeMs !== undefined) activeTime?.sent(activeMs);
      clearLocalDraft(storageId);
      setQueued(null);
      setIssues([]);
      latest.current.onSent(result.data);
      return;
    }
    if (result.status === 0) {
      setQueued(body);
      return;
    }
    setQueued(null);
    keep(false);
    if (result.status === 401) {
      setSignedOut(true);
      return;
    }
    setIssues(result.issues);
    setFailure(result.message);
  }, []);

  // A submission made offline is sent once, when the connection returns.
  useEffect(() => {
    if (!queued) return;
    const resend = () => void submit(queued);
    window.addEventListener("online", resend, { once: true });
    return () => window.removeEventListener("online", resend);
  }, [queued, submit]);

  // A submission queued in an earlier visit (the tab closed while offline) is sent now.
  useEffect(() => {
    const pending = latest.current.pendingAtStart;
    // Sending it updates state when the answer arrives; that is the point.
    if (pending) void submit(pending);
  }, [submit]);

  return { submit, submitting, queued, failure, issues, signedOut };
}
