"use client";
// The running suite's settings (react-hook-form): raters, overlap k, hold time
// and gold share. The server refuses a k below what an item already has and
// its issue lands on the field; a removed rater's holds are released there.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Checklist, type Choice } from "@/components/forms/checklist";
import { SuiteLimitField } from "@/components/forms/suite-limit-field";
import { fetchJson, issuesByField } from "@/lib/http/fetch-json";

type SettingsForm = { raterIds: string[]; overlapK: number; holdMinutes: number; goldPercent: number };

const FIELD_OF: Record<string, keyof SettingsForm> = {
  rater_ids: "raterIds",
  overlap_k: "overlapK",
  hold_minutes: "holdMinutes",
  gold_share: "goldPercent",
};

export function SuiteSettingsClient({
  suiteId,
  initial,
  raters,
}: {
  suiteId: string;
  initial: SettingsForm;
  raters: Choice[];
}) {
  const router = useRouter();
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const { register, handleSubmit, setError, formState, reset } = useForm<SettingsForm>({ defaultValues: initial });
  const onSubmit = handleSubmit(async (values) => {
    setMessage(null);
    const result = await fetchJson<{ rater_ids: string[] }>(`/api/suites/${suiteId}`, {
      method: "PATCH",
      body: {
        rater_ids: values.raterIds,
        overlap_k: Number(values.overlapK),
        hold_minutes: Number(values.holdMinutes),
        gold_share: Number(values.goldPercent) / 100,
      },
    });
    if (result.ok) {
      reset(values);
      setMessage({ text: "Saved. Raters see the change at once.", error: false });
      return router.refresh();
    }
    const byField = issuesByField(result.issues);
    for (const [field, text] of byField) if (FIELD_OF[field]) setError(FIELD_OF[field], { message: text });
    setMessage({ text: result.message, error: true });
  });
  const errors = formState.errors;
  return (
    <form onSubmit={onSubmit} noValidate className="panel" aria-labelledby="suite-settings-title">
      <h2 id="suite-settings-title">Settings</h2>
      <Checklist
        legend="Raters"
        name="raterIds"
        help="A rater you remove loses the items they hold now; their submitted ratings stay."
        choices={raters}
        register={register("raterIds")}
        error={errors.raterIds?.message}
      />
      <SuiteLimitField
        limit="overlapK"
        id="settings-k"
        label="Distinct raters per item (overlap k; never below the ratings an item already has)"
        error={errors.overlapK?.message}
        {...register("overlapK")}
      />
      <SuiteLimitField
        limit="holdMinutes"
        id="settings-hold"
        label="Hold an item for a rater (minutes; new holds)"
        error={errors.holdMinutes?.message}
        {...register("holdMinutes")}
      />
      <SuiteLimitField
        limit="goldPercent"
        id="settings-gold"
        label="Share of gold items mixed in (%)"
        error={errors.goldPercent?.message}
        {...register("goldPercent")}
      />
      <button type="submit" className="btn btn-primary" disabled={formState.isSubmitting}>
        Save settings
      </button>
      {message ? (
        <p className={message.error ? "notice notice-error" : "notice"} role={message.error ? "alert" : "status"}>
          {message.text}
        </p>
      ) : null}
    </form>
  );
}
