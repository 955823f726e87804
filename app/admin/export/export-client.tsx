"use client";
// The export form: starts an export with the filter (POST /api/exports), then
// streams its file while counting the records that arrived against
// X-Export-Count, saves it and links its manifest and decision sidecar. The
// formats come from the export-format registry through the page.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { FormField } from "@/components/forms/form-field";
import { ProgressMeter } from "@/components/progress-meter";
import { RATER_TYPES } from "@/lib/aif/contract-facts";
import type { ValidationIssue } from "@/lib/aif/types";

/** A format of the registry, as far as this page needs it. */
export type ExportFormatOption = { id: string; label: string; extension: string; linesBefore: number };
type ExportForm = {
  format: string;
  suiteId: string;
  taskIds: string;
  raterTypes: string[];
  raterName: string;
  from: string;
  to: string;
  derived: "" | "true" | "false";
  gold: "" | "true" | "false";
};
type Download = { exportId: string; count: number; received: number; done: boolean; fileName: string; url?: string };

/** The body of POST /api/exports: the format and the record filter's fields. */
function requestOf(values: ExportForm): Record<string, string | string[]> {
  const body: Record<string, string | string[]> = { format: values.format };
  if (values.suiteId) body.suite_id = values.suiteId;
  const taskIds = values.taskIds.split(/[\s,]+/).filter(Boolean);
  if (taskIds.length > 0) body.task_id = taskIds;
  if (values.raterTypes.length > 0) body.rater_type = values.raterTypes;
  if (values.raterName.trim()) body.rater_name = values.raterName.trim();
  // datetime-local is the browser's local time; the API takes instants.
  if (values.from) body.from = new Date(values.from).toISOString();
  if (values.to) body.to = new Date(values.to).toISOString();
  if (values.derived) body.derived = values.derived;
  if (values.gold) body.gold = values.gold;
  return body;
}

function countNewlines(chunk: Uint8Array): number {
  let lines = 0;
  for (let index = chunk.indexOf(10); index !== -1; index = chunk.indexOf(10, index + 1)) lines += 1;
  return lines;
}

export function ExportClient({
  suites,
  formats,
  defaultFormat,
}: {
  suites: { key: string; name: string }[];
  formats: ExportFormatOption[];
  defaultFormat: string;
}) {
  const router = useRouter();
  const { register, handleSubmit, formState } = useForm<ExportForm>({
    defaultValues: {
      format: defaultFormat,
      suiteId: "",
      taskIds: "",
      raterTypes: [],
      raterName: "",
      from: "",
      to: "",
      derived: "",
      gold: "",
    },
  });
  const [download, setDownload] = useState<Download | null>(null);
  const [failure, setFailure] = useState<{ message: string; issues: ValidationIssue[] } | null>(null);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    if (download?.url) URL.revokeObjectURL(download.url);
    setDownload(null);
    let response: Response;
    try {
      response = await fetch("/api/exports", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(requestOf(values)),
      });
      if (response.ok) response = await fetch(((await response.json()) as { file: string }).file);
    } catch {
      return setFailure({ message: "The server is unreachable; try again.", issues: [] });
    }
    if (!response.ok || !response.body) {
      const payload = (await response.json().catch(() => ({}))) as {
        error?: { message?: string };
        errors?: ValidationIssue[];
      };
      return setFailure({
        message: payload.error?.message ?? `The server answered ${response.status}`,
        issues: payload.errors ?? [],
      });
    }
    const exportId = response.headers.get("X-Export-Id") ?? "";
    const count = Number(response.headers.get("X-Export-Count") ?? "0");
    const format = formats.find((candidate) => candidate.id === values.format) ?? {
      extension: values.format,
      linesBefore: 0,
    };
    const fileName =
      /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "")?.[1] ??
      `evalform-records.${format.extension}`;
    const parts: Uint8Array[] = [];
    let lines = 0;
    setDownload({ exportId, count, received: 0, done: false, fileName });
    const reader = response.body.getReader();
    try {
      for (let next = await reader.read(); !next.done; next = await reader.read()) {
        parts.push(next.value);
        lines += countNewlines(next.value);
        // Some formats open with lines that are not records ("[", a header row).
        const received = Math.min(Math.max(lines - format.linesBefore, 0), count);
        setDownload((previous) => previous && { ...previous, received });
      }
    } catch {
      return setFailure({ message: "The download was interrupted; start the export again.", issues: [] });
    }
    const url = URL.createObjectURL(
      new Blob(parts as BlobPart[], { type: response.headers.get("Content-Type") ?? "application/octet-stream" }),
    );
    setDownload({ exportId, count, received: count, done: true, fileName, url });
    const link = document.createElement("a");
    link.href = url;
    link.download = fileName;
    link.click();
    router.refresh();
  });

  return (
    <form onSubmit={onSubmit} noValidate className="panel" aria-labelledby="export-title">
      <h2 id="export-title">Filter and download</h2>
      <div className="form-group">
        <label htmlFor="export-format" className="control-label">
          Format
        </label>
        <select id="export-format" className="form-control" {...register("format")}>
          {formats.map((format) => (
            <option key={format.id} value={format.id}>
              {format.label}
            </option>
          ))}
        </select>
      </div>
      <div className="form-group">
        <label htmlFor="export-suite" className="control-label">
          Suite
        </label>
        <select id="export-suite" className="form-control" {...register("suiteId")}>
          <option value="">Any suite</option>
          {suites.map((suite) => (
            <option key={suite.key} value={suite.key}>
              {suite.name} ({suite.key})
            </option>
          ))}
        </select>
      </div>
      <FormField id="export-tasks" label="Task ids (comma or space separated)" {...register("taskIds")} />
      <fieldset className="form-group">
        <legend className="control-label">Rater types</legend>
        {RATER_TYPES.map((type) => (
          <label key={type} className="checkbox-inline">
            <input type="checkbox" value={type} {...register("raterTypes")} /> {type}
          </label>
        ))}
      </fieldset>
      <FormField id="export-rater" label="Rater (display name)" {...register("raterName")} />
      <FormField id="export-from" label="Created from (inclusive)" type="datetime-local" {...register("from")} />
      <FormField id="export-to" label="Created before" type="datetime-local" {...register("to")} />
      <div className="form-group">
        <label htmlFor="export-derived" className="control-label">
          Derived records
        </label>
        <select id="export-derived" className="form-control" {...register("derived")}>
          <option value="">Derived or not</option>
          <option value="true">Only derived (corrections, reviews)</option>
          <option value="false">Only not derived</option>
        </select>
      </div>
      <div className="form-group">
        <label htmlFor="export-gold" className="control-label">
          Gold items
        </label>
        <select id="export-gold" className="form-control" {...register("gold")}>
          <option value="">Gold or not</option>
          <option value="true">Only gold items</option>
          <option value="false">Only non-gold items</option>
        </select>
      </div>
      <button type="submit" className="btn btn-primary" disabled={formState.isSubmitting}>
        Export
      </button>
      {download ? (
        <div role="status" aria-live="polite" className="import-progress">
          <ProgressMeter
            label="Exported"
            value={download.received}
            max={Math.max(download.count, 1)}
            detail={`${download.received} of ${download.count} records${download.done ? ` · saved as ${download.fileName}` : ""}`}
          />
          {download.done ? (
            <p>
              {download.url ? (
                <>
                  <a href={download.url} download={download.fileName}>
                    Save again
                  </a>
                  {" · "}
                </>
              ) : null}
              <a href={`/api/exports/${download.exportId}/manifest`} download>
                Manifest
              </a>
              {" · "}
              <a href={`/api/exports/${download.exportId}/decisions`} download>
                Review decisions
              </a>
            </p>
          ) : null}
        </div>
      ) : null}
      {failure ? (
        <div className="notice notice-error" role="alert">
          <p>{failure.message}</p>
          {failure.issues.length > 0 ? (
            <ul>
              {failure.issues.map((issue) => (
                <li key={`${issue.path}-${issue.rule}`}>
                  {issue.path}: {issue.message}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </form>
  );
}
