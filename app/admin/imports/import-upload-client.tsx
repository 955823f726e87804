"use client";
// Upload: create the import (items of a format, AIF records, or LLM-judge
// prefills for a suite), send the file (upload progress from XHR), and poll
// the import for lines read while the server reads it.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { FormField } from "@/components/forms/form-field";
import { ProgressMeter } from "@/components/progress-meter";
import { fetchJson } from "@/lib/http/fetch-json";
import { IMPORT_FORMATS, type ImportFormat } from "@/lib/imports/formats";
import type { ImportKind } from "@/lib/statuses";

type UploadForm = { kind: ImportKind; format: ImportFormat; suiteId: string; systemUnderTest: string; files: FileList };
export type SuiteChoice = { id: string; name: string; key: string };

const KINDS: { id: ImportKind; label: string }[] = [
  { id: "items", label: "Items to rate" },
  { id: "records", label: "AIF records (e.g. an export)" },
  { id: "prefills", label: "LLM-judge records to prefill a suite" },
];
type Progress = { bytesSent: number; bytesTotal: number; linesRead: number; accepted: number; refused: number };

function sendFile(
  url: string,
  file: File,
  onProgress: (sent: number) => void,
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open("PUT", url);
    request.setRequestHeader("Content-Type", "application/x-ndjson");
    request.upload.onprogress = (event) => onProgress(event.loaded);
    request.onload = () =>
      resolve({ status: request.status, body: JSON.parse(request.responseText || "{}") as unknown });
    request.onerror = () =>
      resolve({
        status: 0,
        body: { error: { message: "The upload was interrupted; nothing was imported. Try again." } },
      });
    request.send(file);
  });
}

export function ImportUploadClient({ suites }: { suites: SuiteChoice[] }) {
  const router = useRouter();
  const { register, handleSubmit, formState, setError, control } = useForm<UploadForm>({
    defaultValues: { kind: "items", format: "eee", suiteId: suites[0]?.id ?? "", systemUnderTest: "" },
  });
  const kind = useWatch({ control, name: "kind" });
  const [progress, setProgress] = useState<Progress | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = handleSubmit(async (values) => {
    const file = values.files?.[0];
    if (!file) return setError("files", { message: "Choose a file" });
    setFailure(null);
    const created = await fetchJson<{ id: string }>("/api/imports", {
      method: "POST",
      body: {
        kind: values.kind,
        file_name: file.name,
        ...(values.kind === "items" ? { format: values.format } : {}),
        ...(values.kind === "prefills" ? { suite_id: values.suiteId } : {}),
        ...(values.kind === "items" && values.systemUnderTest.trim()
          ? { system_under_test: values.systemUnderTest.trim() }
          : {}),
      },
    });
    if (!created.ok)
      return setFailure(created.issues.map((issue) => `${issue.path}: ${issue.message}`).join("; ") || created.message);
    const id = created.data.id;
    setProgress({ bytesSent: 0, bytesTotal: file.size, linesRead: 0, accepted: 0, refused: 0 });
    const poll = setInterval(async () => {
      const status = await fetchJson<{ lines_read: number; accepted: number; refused: number }>(`/api/imports/${id}`, {
        method: "GET",
      });
      if (status.ok)
        setProgress(
          (previous) =>
            previous && {
              ...previous,
              linesRead: status.data.lines_read,
              accepted: status.data.accepted,
              refused: status.data.refused,
            },
        );
    }, 500);
    const sent = await sendFile(`/api/imports/${id}/file`, file, (bytesSent) =>
      setProgress((previous) => previous && { ...previous, bytesSent }),
    );
    clearInterval(poll);
    if (sent.status >= 200 && sent.status < 300) return router.push(`/admin/imports/${id}`);
    const error = sent.body as { error?: { message?: string } };
    setFailure(error.error?.message ?? `The server answered ${sent.status}`);
    router.refresh();
  });

  return (
    <form onSubmit={onSubmit} noValidate className="panel" aria-labelledby="upload-title">
      <h2 id="upload-title">Upload a file</h2>
      <div className="form-group">
        <label htmlFor="import-kind" className="control-label">
          The file holds
        </label>
        <select id="import-kind" className="form-control" {...register("kind")}>
          {KINDS.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      {kind === "items" ? (
        <>
          <div className="form-group">
            <label htmlFor="import-format" className="control-label">
              Format
            </label>
            <select id="import-format" className="form-control" {...register("format")}>
              {IMPORT_FORMATS.map((format) => (
                <option key={format.id} value={format.id}>
                  {format.label}
                </option>
              ))}
            </select>
          </div>
          <FormField
            id="import-sut"
            label="System under test (gage-eval and lm-eval files name no model)"
            {...register("systemUnderTest")}
          />
        </>
      ) : null}
      {kind === "prefills" && suites.length === 0 ? (
        <p className="notice notice-error" role="status">
          Prefills are matched to a suite&apos;s items: create a suite first.
        </p>
      ) : null}
      {kind === "prefills" && suites.length > 0 ? (
        <div className="form-group">
          <label htmlFor="import-suite" className="control-label">
            Suite
          </label>
          <select id="import-suite" className="form-control" {...register("suiteId")}>
            {suites.map((suite) => (
              <option key={suite.id} value={suite.id}>
                {suite.name} ({suite.key})
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <FormField
        id="import-file"
        label="File"
        type="file"
        accept=".jsonl,.ndjson,.json,application/x-ndjson,application/json,text/plain"
        error={formState.errors.files?.message}
        {...register("files")}
      />
      <p className="help-block">
        Every line is checked on its own (records and prefills: JSON Lines or one JSON array). If some lines are
        refused, nothing is imported until you choose to import the valid lines.
      </p>
      <button type="submit" className="btn btn-primary" disabled={formState.isSubmitting}>
        Import
      </button>
      {progress ? (
        <div role="status" aria-live="polite" className="import-progress">
          <ProgressMeter
            label="Uploaded"
            value={progress.bytesSent}
            max={progress.bytesTotal}
            detail={`${Math.round(progress.bytesSent / 1024)} of ${Math.round(progress.bytesTotal / 1024)} KiB`}
          />
          <ProgressMeter
            label="Read"
            value={progress.linesRead}
            max={null}
            detail={`${progress.linesRead} lines read · ${progress.accepted} accepted · ${progress.refused} refused`}
          />
        </div>
      ) : null}
      {failure ? (
        <p className="notice notice-error" role="alert">
          {failure}
        </p>
      ) : null}
    </form>
  );
}
