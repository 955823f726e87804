"use client";
// The new pairwise suite form (react-hook-form): the imports holding the
// systems' outputs, the design, and for a baseline design the system every
// other is compared with (chosen among the chosen imports' systems), its
// raters and the verdict-only option. The server's issues land on their fields.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Checklist, type Choice } from "@/components/forms/checklist";
import { FormField } from "@/components/forms/form-field";
import { SuiteLimitField } from "@/components/forms/suite-limit-field";
import { fetchJson, issuesByField } from "@/lib/http/fetch-json";

export type SourceImportChoice = { id: string; label: string; systems: string[] };
type NewPairwiseSuiteForm = {
  name: string;
  key: string;
  design: "baseline" | "all_pairs";
  baselineSystem: string;
  overlapK: number;
  holdMinutes: number;
  importIds: string[];
  raterIds: string[];
  verdictOnly: boolean;
};

const FIELD_OF: Record<string, keyof NewPairwiseSuiteForm> = {
  name: "name",
  key: "key",
  design: "design",
  baseline_system: "baselineSystem",
  overlap_k: "overlapK",
  hold_minutes: "holdMinutes",
  import_ids: "importIds",
  rater_ids: "raterIds",
};

export function NewPairwiseSuiteClient({ imports, raters }: { imports: SourceImportChoice[]; raters: Choice[] }) {
  const router = useRouter();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState, control } = useForm<NewPairwiseSuiteForm>({
    defaultValues: {
      design: "baseline",
      baselineSystem: "",
      overlapK: 1,
      holdMinutes: 30,
      importIds: [],
      raterIds: [],
      verdictOnly: false,
    },
  });
  const design = useWatch({ control, name: "design" });
  const chosen = new Set(useWatch({ control, name: "importIds" }));
  const systems = [...new Set(imports.filter((item) => chosen.has(item.id)).flatMap((item) => item.systems))].sort();
  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const result = await fetchJson<{ id: string }>("/api/pairwise/suites", {
      method: "POST",
      body: {
        name: values.name,
        key: values.key,
        design: values.design,
        ...(values.design === "baseline" && values.baselineSystem ? { baseline_system: values.baselineSystem } : {}),
        overlap_k: Number(values.overlapK),
        hold_minutes: Number(values.holdMinutes),
        import_ids: values.importIds,
        rater_ids: values.raterIds,
        verdict_only: values.verdictOnly,
      },
    });
    if (result.ok) return router.push(`/admin/pairwise/${result.data.id}`);
    const byField = issuesByField(result.issues);
    for (const [field, message] of byField) if (FIELD_OF[field]) setError(FIELD_OF[field], { message });
    if (byField.size === 0) setFailure(result.message);
  });
  const errors = formState.errors;
  return (
    <form onSubmit={onSubmit} noValidate className="panel" aria-labelledby="new-pairwise-title">
      <h2 id="new-pairwise-title">New pairwise suite</h2>
      <FormField
        id="pairwise-name"
        label="Name"
        error={errors.name?.message}
        {...register("name", { required: "Give the suite a name" })}
      />
      <FormField
        id="pairwise-key"
        label="Suite id (task.suite_id of its records)"
        error={errors.key?.message}
        {...register("key", { required: "Give the suite an id" })}
      />
      <fieldset className="form-group" aria-describedby={errors.importIds ? "importIds__error" : undefined}>
        <legend className="control-label">
          Systems&apos; outputs (one import per system; tasks matched by task id)
        </legend>
        {imports.length === 0 ? <p className="help-block">No item import yet.</p> : null}
        {imports.map((choice) => (
          <label key={choice.id} className="checkbox-line">
            <input type="checkbox" value={choice.id} {...register("importIds")} /> {choice.label}
          </label>
        ))}
        {errors.importIds ? (
          <p className="field-errors" id="importIds__error">
            {errors.importIds.message}
          </p>
        ) : null}
      </fieldset>
      <fieldset className="form-group">
        <legend className="control-label">Design</legend>
        <label className="checkbox-line">
          <input type="radio" value="baseline" {...register("design")} /> Against a baseline (every system vs one, as
          AlpacaEval)
        </label>
        <label className="checkbox-line">
          <input type="radio" value="all_pairs" {...register("design")} /> All pairs (as an arena)
        </label>
      </fieldset>
      {design === "baseline" ? (
        <div className="form-group">
          <label htmlFor="pairwise-baseline" className="control-label">
            Baseline system
          </label>
          <select
            id="pairwise-baseline"
            className="form-control"
            aria-invalid={errors.baselineSystem ? true : undefined}
            aria-describedby={errors.baselineSystem ? "pairwise-baseline__error" : undefined}
            {...register("baselineSystem")}
          >
            <option value="">{systems.length === 0 ? "Choose imports first" : "Choose the baseline"}</option>
            {systems.map((system) => (
              <option key={system} value={system}>
                {system}
              </option>
            ))}
          </select>
          {errors.baselineSystem ? (
            <p className="field-errors" id="pairwise-baseline__error">
              {errors.baselineSystem.message}
            </p>
          ) : null}
        </div>
      ) : null}
      <SuiteLimitField
        limit="overlapK"
        id="pairwise-k"
        label="Distinct raters per pair (overlap k)"
        error={errors.overlapK?.message}
        {...register("overlapK")}
      />
      <SuiteLimitField
        limit="holdMinutes"
        id="pairwise-hold"
        label="Hold a pair for a rater (minutes)"
        error={errors.holdMinutes?.message}
        {...register("holdMinutes")}
      />
      <Checklist
        legend="Raters"
        name="raterIds"
        help="Only these raters and SMEs are handed its pairs (the suite's page can open it to every rater)."
        choices={raters}
        register={register("raterIds")}
        error={errors.raterIds?.message}
        empty="No user has the rater or SME role yet."
      />
      <div className="form-group">
        <label className="checkbox-line">
          <input type="checkbox" {...register("verdictOnly")} /> Verdict and reason only: the scores per response are
          optional
        </label>
      </div>
      <button type="submit" className="btn btn-primary" disabled={formState.isSubmitting}>
        Create pairwise suite
      </button>
      {failure ? (
        <p className="notice notice-error" role="alert">
          {failure}
        </p>
      ) : null}
    </form>
  );
}
