"use client";
// Sends the validated draft to the API; shows the server's issues on their fields.
// Each submission carries an Idempotency-Key that is kept until the server
// answers for that draft, so a retry after a dropped connection or a 503 —
// when the first attempt may have been stored — never stores a second record.
import { useRouter } from "next/navigation";
import { useCallback, useRef, useState } from "react";
import { AifForm } from "@/components/aif-form/aif-form";
import type { AifDraft, ValidationIssue } from "@/lib/aif/types";

const MAYBE_STORED =
  "The server did not confirm the rating, so it may have been saved. Submitting again will not store it twice.";

export function NewRecordClient({
  initialDraft,
  hiddenSections,
}: {
  initialDraft?: Record<string, unknown>;
  /** Sections fixed by the page (a correction's task and subject), kept in the draft but not shown. */
  hiddenSections?: readonly string[];
}) {
  const router = useRouter();
  const [submitting, setSubmitting] = useState(false);
  const [serverIssues, setServerIssues] = useState<ValidationIssue[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  // The key of the last submission whose outcome is unknown, and the body it was sent with.
  const unconfirmed = useRef<{ key: string; body: string } | null>(null);

  const submit = useCallback(
    async (draft: AifDraft) => {
      setSubmitting(true);
      setFailure(null);
      const body = JSON.stringify(draft);
      // The same draft again reuses its key; an edited draft is a new request with a new key.
      const key = unconfirmed.current?.body === body ? unconfirmed.current.key : crypto.randomUUID();
      unconfirmed.current = { key, body };
      try {
        const response = await fetch("/api/records", {
          method: "POST",
          headers: { "Content-Type": "application/json", "Idempotency-Key": key },
          body,
        });
        const payload = (await response.json().catch(() => ({}))) as {
          eval_id?: string;
          errors?: ValidationIssue[];
          error?: { message?: string };
        };
        if (response.status === 201 && payload.eval_id) {
          unconfirmed.current = null;
          router.push(`/records/${payload.eval_id}?created=1`);
          return;
        }
        setServerIssues(payload.errors ?? []);
        if (response.status >= 500) {
          setFailure(MAYBE_STORED);
          return;
        }
        // A 4xx is a definite answer: nothing was stored under this key.
        unconfirmed.current = null;
        setFailure(payload.error?.message ?? `The server answered ${response.status}.`);
      } catch {
        setFailure(MAYBE_STORED);
      } finally {
        setSubmitting(false);
      }
    },
    [router],
  );

  return (
    <>
      {failure ? (
        <p className="notice notice-error" role="alert">
          {failure}
        </p>
      ) : null}
      <AifForm
        initialDraft={initialDraft}
        serverIssues={serverIssues}
        submitting={submitting}
        onSubmit={submit}
        hiddenSections={hiddenSections}
      />
    </>
  );
}
