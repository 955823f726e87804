"use client";
// Inviting a pasted list or a CSV file: one result per line, with the links.
import { useState } from "react";
import { CopyButton } from "@/components/forms/copy-button";
import { useForm } from "react-hook-form";
import { RoleCheckboxes } from "@/components/forms/role-checkboxes";
import { ROLES, type Role } from "@/lib/auth/permissions";
import { fetchJson, issuesByField } from "@/lib/http/fetch-json";

type BulkForm = { list: string; roles: Role[] };
export type BulkResult =
  | { line: number; email: string; status: "invited"; roles: Role[]; invite_path: string }
  | { line: number; email: string | null; status: "refused"; reason: string };

export function BulkInviteForm({ onInvited }: { onInvited: (results: BulkResult[]) => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, setError, setValue, formState } = useForm<BulkForm>({
    defaultValues: { list: "", roles: ["rater"] },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const result = await fetchJson<{ results: BulkResult[] }>("/api/users/invitations", {
      method: "POST",
      body: values,
    });
    if (!result.ok) {
      const byField = issuesByField(result.issues);
      if (byField.get("list")) setError("list", { message: byField.get("list") });
      else setFailure(byField.get("roles") ?? result.message);
      return;
    }
    onInvited(result.data.results);
  });

  const readFile = async (file: File | undefined) => {
    if (file) setValue("list", await file.text(), { shouldValidate: true });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="panel" aria-labelledby="bulk-invite-title">
      <h2 id="bulk-invite-title">Invite several people</h2>
      {failure ? (
        <p className="notice notice-error" role="alert">
          {failure}
        </p>
      ) : null}
      <div className="form-group">
        <label className="control-label" htmlFor="bulk-list">
          People to invite, one a line
        </label>
        <p className="help-block" id="bulk-list__help">
          An address per line, optionally followed by a comma and roles (for example{" "}
          <code>ann@example.org, sme admin</code>). A CSV with an <code>email,roles</code> header works too.
        </p>
        <textarea
          id="bulk-list"
          rows={6}
          className="form-control"
          aria-describedby={formState.errors.list ? "bulk-list__help bulk-list__error" : "bulk-list__help"}
          aria-invalid={formState.errors.list ? true : undefined}
          {...register("list", { required: "Paste at least one address" })}
        />
        {formState.errors.list ? (
          <p className="field-errors" id="bulk-list__error">
            {formState.errors.list.message}
          </p>
        ) : null}
      </div>
      <div className="form-group">
        <label className="control-label" htmlFor="bulk-file">
          Or read a CSV file
        </label>
        <input
          id="bulk-file"
          type="file"
          accept=".csv,.txt,text/csv,text/plain"
          onChange={(event) => readFile(event.target.files?.[0])}
        />
      </div>
      <RoleCheckboxes
        idPrefix="bulk-role"
        legend="Roles for lines that name none"
        roles={ROLES}
        register={register("roles")}
      />
      <button type="submit" className="btn btn-primary" disabled={formState.isSubmitting}>
        Invite everyone on the list
      </button>
    </form>
  );
}

export function BulkInviteResults({ results }: { results: BulkResult[] }) {
  const invited = results.filter((result) => result.status === "invited").length;
  const origin = typeof window === "undefined" ? "" : window.location.origin;
  return (
    <section className="notice" aria-labelledby="bulk-results-title">
      <h2 id="bulk-results-title">Invitations from the list</h2>
      <p role="status" data-testid="bulk-summary">
        {invited} invited, {results.length - invited} refused
      </p>
      <p>Send each person their link. The links are shown only now and work once, for 7 days.</p>
      <table className="records-table" data-testid="bulk-results">
        <thead>
          <tr>
            <th scope="col">Line</th>
            <th scope="col">Address</th>
            <th scope="col">Result</th>
          </tr>
        </thead>
        <tbody>
          {results.map((result) => (
            <tr key={result.line} data-testid={`bulk-line-${result.line}`}>
              <td>{result.line}</td>
              <td>{result.email ?? "—"}</td>
              <td>
                {result.status === "invited" ? (
                  <>
                    Invited as {result.roles.join(", ")}:{" "}
                    <code
                      id={`bulk-link-${result.line}`}
                      className="issued-link"
                    >{`${origin}${result.invite_path}`}</code>{" "}
                    <CopyButton
                      text={`${origin}${result.invite_path}`}
                      targetId={`bulk-link-${result.line}`}
                      label="Copy link"
                    />
                  </>
                ) : (
                  <>Refused: {result.reason}</>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
