"use client";
// What the autosave did last, in words. "Saved" only after the server said so.
// The words are shown, not announced: a screen reader hears only a change of
// state that asks something of the rater (a save failed, the session ended,
// another tab saved) and the recovery from one, never each routine save.
import { useState } from "react";
import type { SaveStatus } from "./use-draft-autosave";

const time = (at: Date) => at.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", second: "2-digit" });

const RECOVERED = "Saved again: your changes are on the server.";

type Announcer = { key: string; announcement: string; recovering: boolean };

export function SaveStatusText({ status }: { status: SaveStatus }) {
  const text = {
    idle: "No changes yet",
    restored: "Draft restored",
    pending: "Changes kept in this browser…",
    saving: "Saving…",
    saved: status.kind === "saved" ? `Saved at ${time(status.at)}` : "",
    offline: "Offline — your changes are kept in this browser and will be saved when the connection returns",
    conflict: status.kind === "conflict" ? status.message : "",
    "signed-out": "Not saved: your session has ended. Your changes are kept in this browser",
    error: status.kind === "error" ? `Not saved: ${status.message}` : "",
  }[status.kind];
  const problem =
    status.kind === "conflict" || status.kind === "error" || status.kind === "offline" || status.kind === "signed-out";
  // Adjusted while rendering (React's "storing information from previous renders"): the live region's
  // text changes only on a problem and on the first save after one.
  const [announcer, setAnnouncer] = useState<Announcer>({ key: "", announcement: "", recovering: false });
  const key = `${status.kind}:${text}`;
  if (announcer.key !== key) {
    if (problem) setAnnouncer({ key, announcement: text, recovering: true });
    else if (status.kind === "saved" && announcer.recovering)
      setAnnouncer({ key, announcement: RECOVERED, recovering: false });
    else setAnnouncer({ ...announcer, key });
  }
  return (
    <>
      <p
        className={problem ? "save-status notice-error" : "save-status"}
        data-testid="save-status"
        data-state={status.kind}
      >
        {text}
      </p>
      <p className="visually-hidden" role="status" aria-live="polite" data-testid="save-announcement">
        {announcer.announcement}
      </p>
    </>
  );
}
