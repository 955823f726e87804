"use client";
// Sends the validated draft to the API; shows the server's issues on their fields.
import { useRouter } from "next/navigation";
import { useCallback, useState } from "react";
import { AifForm } from "@/components/aif-form/aif-form";
import type { AifDraft, ValidationIssue } from "@/lib/aif/types";

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

  const submit = useCallback(
    async (draft: AifDraft) => {
      setSubmitting(true);
      setFailure(null);
      try {
        const response = await fetch("/api/records", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(draft),
        });
        const payload = (await response.json().catch(() => ({}))) as {
          eval_id?: string;
          errors?: ValidationIssue[];
          error?: { message?: string };
        };
        if (response.status === 201 && payload.eval_id) {
          router.push(`/records/${payload.eval_id}?created=1`);
          return;
        }
        setServerIssues(payload.errors ?? []);
        setFailure(payload.error?.message ?? `The server answered ${response.status}.`);
      } catch {
        setFailure("The rating could not be sent: the server is unreachable. Nothing was saved; try again.");
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
