"use client";
// Dismiss one integrity flag with a reason (react-hook-form); the page reloads its list after.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { FormField } from "@/components/forms/form-field";
import { fetchJson, issuesByField } from "@/lib/http/fetch-json";

export function DismissFlagForm({
  flagKey,
  evidenceKey,
  label,
}: {
  flagKey: string;
  evidenceKey: string;
  label: string;
}) {
  const router = useRouter();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<{ reason: string }>({
    defaultValues: { reason: "" },
  });
  const id = `dismiss-${flagKey.replace(/[^a-z0-9]+/gi, "-")}`;
  const onSubmit = handleSubmit(async ({ reason }) => {
    setFailure(null);
    const result = await fetchJson<{ dismissed: boolean }>("/api/rater-flags/dismissals", {
      method: "POST",
      body: { flag_key: flagKey, evidence_key: evidenceKey, reason },
    });
    if (result.ok) return router.refresh();
    const byField = issuesByField(result.issues);
    if (byField.get("reason")) return setError("reason", { message: byField.get("reason") });
    setFailure(result.message);
  });
  return (
    <form onSubmit={onSubmit} noValidate className="inline-form" aria-label={`Dismiss: ${label}`}>
      <FormField
        id={id}
        label="Why it is harmless"
        error={formState.errors.reason?.message}
        {...register("reason", { required: "Say why the flag is harmless" })}
      />
      <button type="submit" className="btn" disabled={formState.isSubmitting}>
        Dismiss
      </button>
      {failure ? (
        <p role="alert" className="field-errors">
          {failure}
        </p>
      ) : null}
    </form>
  );
}
