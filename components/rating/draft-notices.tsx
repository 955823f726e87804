// What the rating page says when its draft cannot reach the server for a
// reason the rater must act on: the session ended, or another tab saved first.
import type { ServerDraft } from "./use-draft-autosave";

export function SignedOutNotice({ signInUrl }: { signInUrl?: string }) {
  return (
    <div className="notice notice-error" role="alert" data-testid="signed-out">
      <p>
        Your session has ended, so your changes no longer reach the server. Nothing is lost: they are kept in this
        browser
        {signInUrl ? " and sent as soon as you are signed in again." : "."}
      </p>
      {signInUrl ? (
        <a className="btn btn-primary" href={signInUrl}>
          Sign in again and return to this item
        </a>
      ) : null}
    </div>
  );
}

type ConflictProps = {
  current: ServerDraft | null;
  onLoadNewer: (current: ServerDraft) => void;
  onKeepMine: (current: ServerDraft) => void;
};

/**
 * A save refused by the version check (the save status says why): the rater
 * decides which draft wins; nothing is overwritten before they do.
 */
export function ConflictNotice({ current, onLoadNewer, onKeepMine }: ConflictProps) {
  return (
    <div className="notice notice-error" role="group" aria-label="Draft conflict" data-testid="draft-conflict">
      {current ? (
        <>
          <p>Your changes here are kept until you choose which draft to continue with.</p>
          <button type="button" className="btn" onClick={() => onLoadNewer(current)}>
            Load the newer draft (discard my changes here)
          </button>{" "}
          <button type="button" className="btn" onClick={() => onKeepMine(current)}>
            Keep my changes (replace the newer draft)
          </button>
        </>
      ) : (
        <button type="button" className="btn" onClick={() => window.location.reload()}>
          Reload
        </button>
      )}
    </div>
  );
}
