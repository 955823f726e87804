"use client";
// "Skip this item" (s): a reason (broken or missing content, outside my
// expertise, other + a comment). The item goes back to the queue for others.
import { forwardRef, useState } from "react";
import { SKIP_REASON_LABELS, SKIP_REASONS, type SkipReason } from "@/lib/queues/skip-reasons";

type Props = {
  onSkip: (reason: SkipReason, comment: string) => Promise<string | null>;
  /** What is skipped: an item on the rating page, a pair on the pair page. */
  noun?: "item" | "pair";
};

export const SkipDialog = forwardRef<HTMLDialogElement, Props>(function SkipDialog({ onSkip, noun = "item" }, ref) {
  const [reason, setReason] = useState<SkipReason>("broken_content");
  const [comment, setComment] = useState("");
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const needsComment = reason === "other" && comment.trim() === "";
  return (
    <dialog ref={ref} className="shortcuts-dialog" aria-labelledby="skip-title" data-testid="skip-dialog">
      <form
        onSubmit={async (event) => {
          event.preventDefault();
          if (needsComment) return;
          setBusy(true);
          setFailure(await onSkip(reason, comment.trim()));
          setBusy(false);
        }}
      >
        <h2 id="skip-title">Skip this {noun}</h2>
        <fieldset>
          <legend>Why? (1 – 3)</legend>
          {SKIP_REASONS.map((value, index) => (
            <label key={value} className="skip-reason">
              <input
                type="radio"
                name="skip-reason"
                value={value}
                checked={reason === value}
                onChange={() => setReason(value)}
                onKeyDown={(event) => {
                  const chosen = SKIP_REASONS[Number(event.key) - 1];
                  if (!chosen) return;
                  event.preventDefault();
                  setReason(chosen);
                  (event.currentTarget.form?.elements.namedItem("skip-reason") as RadioNodeList | null)?.forEach(
                    (radio) => {
                      if ((radio as HTMLInputElement).value === chosen) (radio as HTMLInputElement).focus();
                    },
                  );
                }}
                autoFocus={index === 0}
              />{" "}
              {SKIP_REASON_LABELS[value]}
            </label>
          ))}
        </fieldset>
        <label htmlFor="skip-comment">
          Comment{" "}
          {reason === "other" ? (
            <span className="badge badge-required">required</span>
          ) : (
            <span className="badge">optional</span>
          )}
        </label>
        <textarea
          id="skip-comment"
          className="form-control"
          rows={2}
          maxLength={1000}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
        />
        {failure ? (
          <p className="notice-error" role="alert">
            {failure}
          </p>
        ) : null}
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={busy || needsComment}>
            Skip and open the next {noun}
          </button>
          <button
            type="button"
            className="btn"
            onClick={(event) => (event.currentTarget.closest("dialog") as HTMLDialogElement | null)?.close()}
          >
            Cancel
          </button>
        </div>
      </form>
    </dialog>
  );
});
