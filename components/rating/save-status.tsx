// What the autosave did last, in words. "Saved" only after the server said so.
import type { SaveStatus } from "./use-draft-autosave";

const time = (at: Date) => at.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", second: "2-digit" });

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
  return (
    <p
      className={problem ? "save-status notice-error" : "save-status"}
      role="status"
      aria-live="polite"
      data-testid="save-status"
      data-state={status.kind}
    >
      {text}
    </p>
  );
}
