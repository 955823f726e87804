"use client";
// Skipping the held item or pair with a reason (the skip dialog's action): the
// server is asked first; once it has taken the skip, the draft stops saving,
// the browser's copy is forgotten, the dialog closes and the page goes on
// (`then`: the next item, or the page's own "skipped" screen). A refusal is
// returned for the dialog to show, and nothing else changes.
import { useCallback, type RefObject } from "react";
import { fetchJson } from "@/lib/http/fetch-json";
import { clearLocalDraft } from "@/lib/queues/local-draft";

export function useSkip(options: {
  /** The assignment's API; its …/skip is asked. */
  api: string;
  /** Where the browser keeps the draft (lib/queues/local-draft). */
  storageId: string;
  stopAutosave: () => void;
  dialog: RefObject<HTMLDialogElement | null>;
  then: () => Promise<string | null> | string | null;
}): (reason: string, comment: string) => Promise<string | null> {
  const { api, storageId, stopAutosave, dialog, then } = options;
  return useCallback(
    async (reason: string, comment: string) => {
      const result = await fetchJson<{ skipped: boolean }>(`${api}/skip`, {
        method: "POST",
        body: { reason, ...(comment ? { comment } : {}) },
      });
      if (!result.ok) return result.message;
      stopAutosave();
      clearLocalDraft(storageId);
      dialog.current?.close();
      return then();
    },
    [api, storageId, stopAutosave, dialog, then],
  );
}
