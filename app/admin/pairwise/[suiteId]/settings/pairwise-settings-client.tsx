"use client";
// A running pairwise suite's settings (react-hook-form), as an item suite's
// are changed: who may compare its pairs (its list, or every rater), overlap
// k, hold time and the verdict-only option. The server refuses a k below what
// a pair already has and its issue lands on the field; whoever loses access
// has their holds released there.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Checklist, type Choice } from "@/components/forms/checklist";
import { SuiteLimitField } from "@/components/forms/suite-limit-field";
import { fetchJson, issuesByField } from "@/lib/http/fetch-json";

type SettingsForm = {
  raterIds: string[];
  openToAllRaters: boolean;
  overlapK: number;
  holdMinutes: number;
  verdictOnly: boolean;
};

const FIELD_OF: Record<string, keyof SettingsForm> = {
  rater_ids: "raterIds",
  open_to_all_raters: "openToAllRaters",
  overlap_k: "overlapK",
  hold_minutes: "holdMinutes",
  verdict_only: "verdictOnly",
};

export function PairwiseSettingsClient({
  patchUrl,
  initial,
  raters,
}: {
  patchUrl: string;
  initial: SettingsForm;
  raters: Choice[];
}) {
  const router = useRouter();
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const { register, handleSubmit, setError, formState, reset } = useForm<SettingsForm>({ defaultValues: initial });
  const onSubmit = handleSubmit(async (values) => {
    setMessage(null);
    const result = await fetchJson(patchUrl, {
      method: "PATCH",
      body: {
        rater_ids: values.raterIds,
        open_to_all_raters: values.openToAllRaters,
        overlap_k: Number(values.overlapK),
        hold_minutes: Number(values.holdMinutes),
        verdict_only: values.verdictOnly,
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
    <form onSubmit={onSubmit} noValidate className="panel" aria-labelledby="pairwise-settings-title">
      <h2 id="pairwise-settings-title">Settings</h2>
      <div className="form-group">
        <label className="checkbox-line">
          <input type="checkbox" {...register("openToAllRaters")} /> Open to every rater and SME (the list below is not
          used)
        </label>
        <p className="help-block">
          Pairwise suites made before rater lists are open to all, so nobody lost them. Clear this to hand the pairs to
          the raters below only: anyone else holding a pair loses it; their submitted judgments stay.
        </p>
      </div>
      <Checklist
        legend="Raters"
        name="raterIds"
        help="A rater you remove loses the pair they hold now; their submitted judgments stay."
        choices={raters}
        register={register("raterIds")}
        error={errors.raterIds?.message}
        empty="No user has the rater or SME role yet."
      />
      <SuiteLimitField
        limit="overlapK"
        id="pairwise-settings-k"
        label="Distinct raters per pair (overlap k; never below the judgments a pair already has)"
        error={errors.overlapK?.message}
        {...register("overlapK")}
      />
      <SuiteLimitField
        limit="holdMinutes"
        id="pairwise-settings-hold"
        label="Hold a pair for a rater (minutes; new holds)"
        error={errors.holdMinutes?.message}
        {...register("holdMinutes")}
      />
      <div className="form-group">
        <label className="checkbox-line">
          <input type="checkbox" {...register("verdictOnly")} /> Verdict and reason only: the scores per response are
          optional
        </label>
        <p className="help-block">
          Each judgment is still stored as two AIF records; a dimension the rater does not score is marked not rated
          (never counted as a score).
        </p>
      </div>
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
