"use client";
// The new-suite form (react-hook-form); the server's issues land on their fields.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Checklist, type Choice } from "@/components/forms/checklist";
import { FormField } from "@/components/forms/form-field";
import { SuiteLimitField } from "@/components/forms/suite-limit-field";
import { fetchJson, issuesByField } from "@/lib/http/fetch-json";

type NewSuiteForm = {
  name: string;
  key: string;
  overlapK: number;
  goldPercent: number;
  holdMinutes: number;
  raterIds: string[];
  importIds: string[];
  sourceSuiteId: string;
};

export function NewSuiteClient({
  imports,
  raters,
  preselectedImportIds = [],
}: {
  imports: Choice[];
  raters: Choice[];
  /** Ticked from the start (the import page links here with its import). */
  preselectedImportIds?: string[];
}) {
  const router = useRouter();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<NewSuiteForm>({
    defaultValues: {
      overlapK: 3,
      goldPercent: 10,
      holdMinutes: 30,
      raterIds: [],
      importIds: preselectedImportIds,
      sourceSuiteId: "",
    },
  });
  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const result = await fetchJson<{ id: string }>("/api/suites", {
      method: "POST",
      body: {
        name: values.name,
        key: values.key,
        overlap_k: Number(values.overlapK),
        gold_share: Number(values.goldPercent) / 100,
        hold_minutes: Number(values.holdMinutes),
        rater_ids: values.raterIds,
        import_ids: values.importIds,
        ...(values.sourceSuiteId.trim() ? { source_suite_id: values.sourceSuiteId.trim() } : {}),
      },
    });
    if (result.ok) return router.push(`/admin/suites/${result.data.id}`);
    const fieldOf: Record<string, keyof NewSuiteForm> = {
      name: "name",
      key: "key",
      overlap_k: "overlapK",
      gold_share: "goldPercent",
      hold_minutes: "holdMinutes",
      rater_ids: "raterIds",
      import_ids: "importIds",
      source_suite_id: "sourceSuiteId",
    };
    const byField = issuesByField(result.issues);
    for (const [field, message] of byField) if (fieldOf[field]) setError(fieldOf[field], { message });
    if (byField.size === 0) setFailure(result.message);
  });
  const errors = formState.errors;
  return (
    <form id="new-suite" onSubmit={onSubmit} noValidate className="panel" aria-labelledby="new-suite-title">
      <h2 id="new-suite-title">New suite</h2>
      <FormField
        id="suite-name"
        label="Name"
        error={errors.name?.message}
        {...register("name", { required: "Give the suite a name" })}
      />
      <FormField
        id="suite-key"
        label="Suite id (task.suite_id of its records)"
        error={errors.key?.message}
        {...register("key", { required: "Give the suite an id" })}
      />
      <SuiteLimitField
        limit="overlapK"
        id="suite-k"
        label="Distinct raters per item (overlap k)"
        error={errors.overlapK?.message}
        {...register("overlapK")}
      />
      <SuiteLimitField
        limit="goldPercent"
        id="suite-gold"
        label="Share of gold items mixed in (%)"
        error={errors.goldPercent?.message}
        {...register("goldPercent")}
      />
      <SuiteLimitField
        limit="holdMinutes"
        id="suite-hold"
        label="Hold an item for a rater (minutes)"
        error={errors.holdMinutes?.message}
        {...register("holdMinutes")}
      />
      <Checklist
        legend="Items from imports"
        name="importIds"
        choices={imports}
        register={register("importIds")}
        error={errors.importIds?.message}
      />
      <FormField
        id="suite-source"
        label="…and/or every item whose source suite id is"
        error={errors.sourceSuiteId?.message}
        {...register("sourceSuiteId")}
      />
      <Checklist
        legend="Raters"
        name="raterIds"
        choices={raters}
        register={register("raterIds")}
        error={errors.raterIds?.message}
      />
      <button type="submit" className="btn btn-primary" disabled={formState.isSubmitting}>
        Create suite
      </button>
      {failure ? (
        <p className="notice notice-error" role="alert">
          {failure}
        </p>
      ) : null}
    </form>
  );
}
